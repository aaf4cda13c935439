import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import {
  ADMIN_REDIRECTS,
  RELEASE_ID_PATTERN,
  ROUTES,
  type InjectedAppConfig,
} from '../../../shared/routes';
import { fillPublicUrl } from '../../../shared/page-meta';
import type { Config } from '../config';
import { DEMO_ACCOUNTS } from '../dev-panel';
import type { Logger } from '../logger';
import { APP_ROOT } from '../paths';
import { publicPageRenderer, type PageDataSource } from './public-page-render';
import { firstScreenStarter } from './first-screen-starter';
import { readRoutePreloads } from './route-preload';

export const CLIENT_DIST = path.join(APP_ROOT, 'dist/client');
/** Public pages rendered to HTML at build (client/prerender.ts): <path>.html, / is index.html. */
export const PRERENDERED_DIR = path.join(APP_ROOT, 'dist/prerendered');

/** A page path without its trailing slashes ('/pricing/' is '/pricing'). */
function pagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The prerendered HTML file of a page path, if the build wrote one. */
function prerenderedFile(pathname: string): string | undefined {
  const p = pagePath(pathname);
  if (!/^\/[a-z0-9/-]*$/.test(p) || p.includes('//')) return undefined;
  const file = path.join(PRERENDERED_DIR, p === '/' ? 'index.html' : `${p.slice(1)}.html`);
  return fs.existsSync(file) ? file : undefined;
}

const KNOWN_PATHS = new Set<string>([
  ...ROUTES.map((r) => r.path),
  ...Object.keys(ADMIN_REDIRECTS),
]);

/** True when the client router has a screen for this path (the rest render the 404 page). */
export function isKnownClientPath(pathname: string, superadminLoginPath: string): boolean {
  const p = pagePath(pathname);
  if (p === superadminLoginPath || KNOWN_PATHS.has(p)) return true;
  // The client's editor and the journalist's reading view of one release.
  const release = /^\/(?:client|media)\/press-releases\/([^/]+)$/.exec(p);
  if (release !== null) return RELEASE_ID_PATTERN.test(release[1]!);
  // The unsubscribe link of a release e-mail (the page itself tells a forged token apart).
  return /^\/unsubscribe\/\d{1,15}\.[A-Za-z0-9_-]{10,40}$/.test(p);
}

export function injectedConfig(config: Config, pathname: string): InjectedAppConfig {
  return {
    superadminLogin: pathname.replace(/\/+$/, '') === config.superadminLoginPath,
    devPanel: config.isProduction
      ? null
      : { superadminLoginPath: config.superadminLoginPath, accounts: DEMO_ACCOUNTS },
  };
}

/**
 * The page with the app's configuration; `first` goes first in <head> (a request to start
 * before the scripts' own), `head` at its end.
 */
export function injectIntoHtml(html: string, appConfig: InjectedAppConfig, nonce: string, head = '', first = ''): string {
  const json = JSON.stringify(appConfig).replace(/</g, '\\u003c');
  const tag = `<script nonce="${nonce}">window.__APP_CONFIG__=${json}</script>`;
  const withFirst = first ? html.replace(/<head>(\s*<meta charset="UTF-8" \/>)?/, (m) => `${m}${first}`) : html;
  return withFirst.replace('</head>', `${tag}${head}</head>`);
}

interface ClientApp {
  router: Router;
  close(): Promise<void>;
}

/**
 * Serves the client: the built files from dist/client, or (CLIENT_DEV) Vite in
 * middleware mode with hot reload. Every page path gets index.html with the
 * injected configuration; unknown paths get the same page with status 404. A public page
 * gets its prerendered HTML, rendered again with its data where pageData has some
 * (public-page-render.ts).
 */
export async function createClientApp(
  config: Config,
  logger: Logger,
  devServer: boolean,
  pageData?: PageDataSource,
): Promise<ClientApp> {
  const router = express.Router();
  let readTemplate: (url: string, pathname: string) => Promise<string>;
  let close = () => Promise.resolve();
  // The signed-in screens' own chunks, announced in their HTML (none in development).
  let preloads: (pathname: string) => string = () => '';

  if (devServer) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.resolve(import.meta.dirname, '../../../client/vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    router.use(vite.middlewares);
    const indexPath = path.resolve(import.meta.dirname, '../../../client/index.html');
    readTemplate = async (url) =>
      vite.transformIndexHtml(url, await fs.promises.readFile(indexPath, 'utf8'));
    close = () => vite.close();
  } else {
    const indexPath = path.join(CLIENT_DIST, 'index.html');
    preloads = readRoutePreloads(CLIENT_DIST);
    // A public page gets its prerendered HTML (heading and text before any JavaScript runs,
    // hydrated by the client); every other path the empty shell.
    const cached = new Map<string, Promise<string>>();
    const withData = pageData ? publicPageRenderer(pageData, logger) : undefined;
    readTemplate = async (_url, pathname) => {
      const prerendered = prerenderedFile(pathname);
      const file = prerendered ?? indexPath;
      let html = cached.get(file);
      if (!html) {
        // A prerendered page's canonical and preview tags get the site's public base URL.
        html = fs.promises
          .readFile(file, 'utf8')
          .then((text) => (prerendered ? fillPublicUrl(text, config.publicUrl) : text));
        html.catch(() => cached.delete(file));
        cached.set(file, html);
      }
      return prerendered && withData ? withData(pagePath(pathname), await html) : html;
    };
    // The build writes .br and .gz next to every text asset (vite-plugin-compression2):
    // served as the browser accepts (brotli first), with Vary: Accept-Encoding.
    const precompressed = { enableBrotli: true, orderPreference: ['br', 'gzip'] };
    router.use(
      '/assets',
      expressStaticGzip(path.join(CLIENT_DIST, 'assets'), {
        ...precompressed,
        serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
      }),
    );
    router.use(
      expressStaticGzip(CLIENT_DIST, {
        ...precompressed,
        index: false,
        serveStatic: { index: false, maxAge: '1h' },
      }),
    );
    if (!fs.existsSync(indexPath)) {
      logger.warn({ indexPath }, 'client build missing: run `npm run build`');
    }
  }

  // Browsers ask for /favicon.ico on documents that name no icon (JSON, text, PDFs).
  router.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));

  router.get('/{*splat}', async (req: Request, res: Response) => {
    // A missing file is a plain 404; a screen whose path has a dot (a signed link) is not a file.
    if (path.extname(req.path) && !isKnownClientPath(req.path, config.superadminLoginPath)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    let template: string;
    try {
      template = await readTemplate(req.originalUrl, req.path);
    } catch (err) {
      logger.error({ err }, 'cannot read index.html');
      res.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
      return;
    }
    const nonce = (res.locals as { cspNonce?: string }).cspNonce ?? '';
    const html = injectIntoHtml(
      template,
      injectedConfig(config, req.path),
      nonce,
      preloads(req.path),
      firstScreenStarter(req.path, nonce),
    );
    const status = isKnownClientPath(req.path, config.superadminLoginPath) ? 200 : 404;
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(html);
  });

  return { router, close };
}
