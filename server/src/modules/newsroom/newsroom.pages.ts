import express, { type Request, type Response, type Router } from 'express';
import { RELEASE_SLUG_MAX, NEWSROOM_SLUG } from '../../../../shared/slug';
import type { AppContext } from '../../context';
import { NewsroomPublic, type Page } from './newsroom.public';

/** Path segments the newsroom can have (anything else is a 404 without a query). */
const SLUG_RE = new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${Math.max(NEWSROOM_SLUG.max, RELEASE_SLUG_MAX)}})$`);
/** The live script of a list page asks for the page again: not a new view. */
const REFRESH_HEADER = 'x-newsroom-refresh';

const nonceOf = (res: Response) => (res.locals as { cspNonce?: string }).cspNonce ?? '';

const servedBy = new WeakMap<AppContext, NewsroomPublic>();
/** The newsroom of a running app (tests await the views it is still writing). */
export const newsroomOf = (ctx: AppContext): NewsroomPublic | undefined => servedBy.get(ctx);

function pageNumber(req: Request): number | null {
  const raw = req.query.page;
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,4}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The public newsroom, rendered by the server (no client app): /newsroom, /newsroom/<slug>,
 * /newsroom/<slug>/<release>, /newsroom/<slug>/feed.xml, and the site's /sitemap.xml and
 * /robots.txt. Mounted before the client app, whose catch-all would answer these paths.
 * Pages are never cached: an embargo that lifts shows at the next request.
 */
export function newsroomPages(ctx: AppContext): Router {
  const router = express.Router({ strict: false });
  const pages = new NewsroomPublic(ctx);
  servedBy.set(ctx, pages);

  /**
   * An address the newsroom had before (a renamed or merged brand): a permanent redirect to the
   * same page under its current address, query kept. False when `slug` is nobody's old address.
   */
  const moved = async (req: Request, res: Response, slug: string, rest: string): Promise<boolean> => {
    if (!SLUG_RE.test(slug)) return false;
    const target = await pages.movedTo(slug);
    if (!target) return false;
    const q = req.originalUrl.indexOf('?');
    res.set('Cache-Control', 'no-cache').redirect(301, `${ctx.config.publicUrl}/newsroom/${target}${rest}${q >= 0 ? req.originalUrl.slice(q) : ''}`);
    return true;
  };

  const send = (req: Request, res: Response, page: Page) => {
    res.status(page.status).type('html').set('Cache-Control', 'no-cache').send(page.html);
    if (page.status !== 200 || !page.view || req.method !== 'GET' || req.get(REFRESH_HEADER)) return;
    pages.recordView(page.view, req.get('user-agent')).catch((err: unknown) => ctx.logger.warn({ err }, 'newsroom: view not recorded'));
  };

  router.get('/newsroom', async (req, res) => {
    send(req, res, await pages.index(nonceOf(res)));
  });

  router.get('/newsroom/:slug/feed.xml', async (req, res) => {
    const slug = String(req.params.slug);
    const xml = SLUG_RE.test(slug) ? await pages.feed(slug) : null;
    if (xml === null) {
      if (await moved(req, res, slug, '/feed.xml')) return;
      send(req, res, pages.notFound(nonceOf(res)));
      return;
    }
    res.type('application/atom+xml; charset=utf-8').set('Cache-Control', 'no-cache').send(xml);
  });

  router.get('/newsroom/:slug', async (req, res) => {
    const slug = String(req.params.slug);
    const page = pageNumber(req);
    const out = SLUG_RE.test(slug) && page !== null ? await pages.newsroom(slug, page, nonceOf(res)) : pages.notFound(nonceOf(res));
    if (out.status === 404 && (await moved(req, res, slug, ''))) return;
    send(req, res, out);
  });

  router.get('/newsroom/:slug/:release', async (req, res) => {
    const [slug, release] = [String(req.params.slug), String(req.params.release)];
    const out = SLUG_RE.test(slug) && SLUG_RE.test(release) ? await pages.release(slug, release, nonceOf(res)) : pages.notFound(nonceOf(res));
    if (out.status === 404 && SLUG_RE.test(release) && (await moved(req, res, slug, `/${release}`))) return;
    send(req, res, out);
  });

  router.get('/sitemap.xml', async (_req, res) => {
    res.type('application/xml; charset=utf-8').set('Cache-Control', 'no-cache').send(await pages.sitemap());
  });

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain; charset=utf-8').send(`User-agent: *\nDisallow: /api/\nSitemap: ${ctx.config.publicUrl}/sitemap.xml\n`);
  });

  return router;
}
