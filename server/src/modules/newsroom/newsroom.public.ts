/**
 * The public newsroom: what each page, the feed and the sitemap show, at
 * the moment `now` (a release under embargo is not there until it lifts). Addresses are
 * absolute from PUBLIC_URL, never from the request's Host.
 */
import { ROUTES } from '../../../../shared/routes';
import type { AppContext } from '../../context';
import { isProxyAgent } from '../distribution/tracking.tokens';
import { excerptOf } from '../media-inbox/media-inbox.service';
import { atomFeed, sitemap, type SitemapUrl } from './newsroom.feed';
import * as html from './newsroom.html';
import * as repo from './newsroom.repo';
import { reportRooms } from '../reports/report-events';

export const NEWSROOM_PAGE_SIZE = 20;
const DESCRIPTION_CHARS = 160;
/** A busy newsroom pushes its owner's reports at most once per this many ms (the last view is never lost). */
const VIEW_PUSH_MS = 1_000;

export interface Page {
  status: 200 | 404;
  html: string;
  /** The newsroom's organisation and the release, for counting the view. */
  view?: { organisationId: string; release: Pick<repo.PublicRelease, 'press_release_id' | 'organisation_id'> | null };
}

export class NewsroomPublic {
  private readonly base: string;
  /** Report pushes on their way: one per page (a release or the newsroom itself) and second. */
  private readonly pending = new Map<string, { releaseId: string | null; kind: 'view' }>();
  /** Views being written (a page answers before its view is stored). */
  private readonly writing = new Set<Promise<unknown>>();

  constructor(private readonly ctx: AppContext) {
    this.base = ctx.config.publicUrl;
  }

  private url(path: string): string {
    return this.base + path;
  }

  private org(p: repo.NewsroomProfile): html.Organisation {
    const logo = p.logo_url;
    return {
      name: p.name?.trim() || 'Deltio',
      slug: p.newsroom_slug!,
      logoUrl: !logo ? null : logo.startsWith('/') ? this.url(logo) : logo,
      website: p.website && /^https?:\/\//i.test(p.website) ? p.website : null,
      boilerplate: p.boilerplate,
      contact: { name: p.press_contact_name, email: p.press_contact_email, phone: p.press_contact_phone },
    };
  }

  private newsroomUrl(slug: string): string {
    return this.url(`/newsroom/${slug}`);
  }

  private feedUrl(slug: string): string {
    return this.url(`/newsroom/${slug}/feed.xml`);
  }

  private releaseUrl(slug: string, releaseSlug: string): string {
    return this.url(`/newsroom/${slug}/${releaseSlug}`);
  }

  notFound(nonce: string): Page {
    return {
      status: 404,
      html: html.document({
        nonce,
        head: {
          title: `${html.S.notFound} | Newsroom`,
          description: html.S.notFoundText,
          canonical: this.url('/newsroom'),
          type: 'website',
          noindex: true,
        },
        body: html.notFoundBody(),
      }),
    };
  }

  async index(nonce: string, now = this.ctx.clock.now()): Promise<Page> {
    const list = await repo.openNewsrooms(this.ctx.db, now);
    const items = list.map((n) => {
      const org = this.org(n);
      return { name: org.name, url: this.newsroomUrl(n.newsroom_slug!), logoUrl: org.logoUrl, releases: n.releases, latestAt: new Date(n.latest_at) };
    });
    return {
      status: 200,
      html: html.document({
        nonce,
        head: { title: `${html.S.indexTitle} | Deltio`, description: html.S.indexLead, canonical: this.url('/newsroom'), type: 'website' },
        body: html.indexBody(items),
        live: { slug: '' },
      }),
    };
  }

  async newsroom(slug: string, page: number, nonce: string, now = this.ctx.clock.now()): Promise<Page> {
    const owner = await repo.openNewsroom(this.ctx.db, slug);
    if (!owner) return this.notFound(nonce);
    const total = await repo.countPublicReleases(this.ctx.db, owner.organisation_id, now);
    const pages = Math.max(1, Math.ceil(total / NEWSROOM_PAGE_SIZE));
    if (page > pages) return this.notFound(nonce);
    const releases = await repo.publicReleases(this.ctx.db, owner.organisation_id, now, NEWSROOM_PAGE_SIZE, (page - 1) * NEWSROOM_PAGE_SIZE);
    const org = this.org(owner);
    const own = this.newsroomUrl(slug);
    const at = (p: number) => (p === 1 ? own : `${own}?page=${p}`);
    const description = (org.boilerplate ? excerptOf(org.boilerplate, DESCRIPTION_CHARS) : '') || html.S.releasesOf(org.name);
    return {
      status: 200,
      view: { organisationId: owner.organisation_id, release: null },
      html: html.document({
        nonce,
        head: {
          title: `${html.S.releasesOf(org.name)}${page > 1 ? ` (${html.S.page(page, pages)})` : ''} | Newsroom`,
          description,
          canonical: at(page),
          type: 'website',
          image: org.logoUrl,
          feed: { title: html.S.feedTitle(org.name), url: this.feedUrl(slug) },
        },
        body: html.newsroomBody(
          org,
          releases.map((r) => ({
            url: this.releaseUrl(slug, r.slug),
            title: r.title,
            excerpt: excerptOf(r.content_text),
            category: r.category,
            publishedAt: new Date(r.published_at),
          })),
          {
            feedUrl: this.feedUrl(slug),
            pager: { page, pages, prev: page > 1 ? at(page - 1) : null, next: page < pages ? at(page + 1) : null },
          },
        ),
        live: { slug },
      }),
    };
  }

  async release(slug: string, releaseSlug: string, nonce: string, now = this.ctx.clock.now()): Promise<Page> {
    const owner = await repo.openNewsroom(this.ctx.db, slug);
    if (!owner) return this.notFound(nonce);
    const r = await repo.publicRelease(this.ctx.db, owner.organisation_id, releaseSlug, now);
    if (!r) return this.notFound(nonce);
    const org = this.org(owner);
    const publishedAt = new Date(r.published_at);
    return {
      status: 200,
      view: { organisationId: owner.organisation_id, release: r },
      html: html.document({
        nonce,
        head: {
          title: `${r.title} | ${org.name}`,
          description: excerptOf(r.content_text, DESCRIPTION_CHARS) || r.title,
          canonical: this.releaseUrl(slug, r.slug),
          type: 'article',
          image: org.logoUrl,
          publishedAt,
          feed: { title: html.S.feedTitle(org.name), url: this.feedUrl(slug) },
        },
        body: html.releaseBody(org, { title: r.title, html: r.content, category: r.category, publishedAt }, { newsroomUrl: this.newsroomUrl(slug), feedUrl: this.feedUrl(slug) }),
      }),
    };
  }

  /** The newsroom's Atom feed (its latest releases), or null for no such open newsroom. */
  async feed(slug: string, now = this.ctx.clock.now()): Promise<string | null> {
    const owner = await repo.openNewsroom(this.ctx.db, slug);
    if (!owner) return null;
    const org = this.org(owner);
    const releases = await repo.publicReleases(this.ctx.db, owner.organisation_id, now, 50);
    return atomFeed({
      url: this.newsroomUrl(slug),
      selfUrl: this.feedUrl(slug),
      title: html.S.feedTitle(org.name),
      subtitle: org.boilerplate ? excerptOf(org.boilerplate, 300) : null,
      author: org.name,
      logoUrl: org.logoUrl,
      updatedAt: new Date(owner.updated_at),
      entries: releases.map((r) => ({
        url: this.releaseUrl(slug, r.slug),
        title: r.title,
        summary: excerptOf(r.content_text, 300),
        html: r.content,
        category: r.category,
        publishedAt: new Date(r.published_at),
      })),
    });
  }

  /** The public site's pages, the newsroom index, every open newsroom and every public release. */
  async sitemap(now = this.ctx.clock.now()): Promise<string> {
    const pages: SitemapUrl[] = ROUTES.filter((r) => (r.area === 'public' || r.area === 'marketing') && r.path !== '/thank-you').map((r) => ({
      loc: this.url(r.path === '/' ? '/' : r.path),
    }));
    const open = await repo.openNewsrooms(this.ctx.db, now);
    const releases = await repo.sitemapReleases(this.ctx.db, now);
    const latest = open[0]?.latest_at;
    return sitemap([
      ...pages,
      { loc: this.url('/newsroom'), lastmod: latest ? new Date(latest) : undefined },
      ...open.map((n) => ({ loc: this.newsroomUrl(n.newsroom_slug!), lastmod: new Date(n.latest_at) })),
      ...releases.map((r) => ({ loc: this.releaseUrl(r.newsroom_slug, r.slug), lastmod: new Date(r.published_at) })),
    ]);
  }

  /**
   * The current address of a newsroom that had `slug` before (a renamed or merged brand), or
   * null: its pages, releases and feed answer a permanent redirect there.
   */
  async movedTo(slug: string): Promise<string | null> {
    return repo.redirectTarget(this.ctx.db, slug);
  }

  /** Resolves once every view counted so far is stored (or failed). */
  async viewsWritten(): Promise<void> {
    await Promise.allSettled([...this.writing]);
  }

  /**
   * A view of a newsroom page: a reporting event of the source 'newsroom' for the newsroom's
   * organisation, pushed live to its reports within a second and once for any number of views
   * in that second. Known robots and link previews are recorded but not counted, as e-mail
   * proxies are.
   */
  async recordView(view: NonNullable<Page['view']>, userAgent: string | undefined): Promise<void> {
    const bot = isProxyAgent(userAgent);
    const write = repo.recordView(this.ctx.db, view.organisationId, view.release?.press_release_id ?? null, bot);
    this.writing.add(write);
    try {
      await write;
    } finally {
      this.writing.delete(write);
    }
    if (bot) return;
    const payload = { releaseId: view.release?.press_release_id ?? null, kind: 'view' as const };
    const targets = reportRooms({ organisationId: view.organisationId });
    // One push per page (a release's, or the newsroom's own) and second: a view of another page
    // in the same second never takes a release's push away (its report row would not refresh).
    const key = `${targets.join(' ')}|${payload.releaseId ?? ''}`;
    if (this.pending.has(key)) return;
    this.pending.set(key, payload);
    setTimeout(() => {
      this.pending.delete(key);
      this.ctx.realtime.broadcast(targets, 'report:changed', payload);
    }, VIEW_PUSH_MS).unref();
  }
}
