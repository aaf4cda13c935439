import crypto from 'node:crypto';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context';
import { ApiRouter } from './http/api-router';
import { apiNotFound, errorHandler } from './http/errors';
import { inputGuard, strictQueryParser } from './http/input-guard';
import { createClientApp } from './http/client-app';
import { publicPageData } from './modules/public-site/page-data';
import { PublicSiteService } from './modules/public-site/public-site.service';
import { requestLogger } from './http/request-log';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { newsroomPages } from './modules/newsroom/newsroom.pages';
import { registerApiRoutes } from './routes';
import { WEBHOOK_MOUNT, webhookBody } from './modules/deliverability/webhooks/webhooks.routes';

export interface BuiltApp {
  app: Express;
  api: ApiRouter;
  close(): Promise<void>;
}

/** Builds the Express app for a context. */
export async function createApp(
  ctx: AppContext,
  opts: { serveClient?: boolean } = {},
): Promise<BuiltApp> {
  const { config, db, logger } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', strictQueryParser);

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  const security = helmet({
    contentSecurityPolicy: config.clientDev
      ? false // Vite's dev client injects inline scripts
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", 'ws:', 'wss:'],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
  });
  // The built scripts and styles (immutable, many per page) carry only what applies to a
  // subresource: the document headers (CSP, framing, HSTS, …) cost about 700 bytes per
  // response, a quarter of what a phone downloads for a public page's code over HTTP/1.1.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/assets/')) {
      security(req, res, next);
      return;
    }
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' });
    next();
  });
  app.use(requestLogger(logger));
  // Every text response (API JSON, pages) in brotli or gzip as the browser asks, with Vary;
  // the built assets are precompressed (client-app.ts), and already-encoded bodies pass through.
  app.use(compression());

  app.use(healthRoutes(db, config, ctx.readiness));
  app.use('/auth/v1', authRoutes(ctx.auth, db, ctx.tokenKey, () => config.publicUrl));

  const api = new ApiRouter(db, ctx.tokenKey);
  registerApiRoutes(api, ctx);
  // The providers' webhooks read their body as text (SNS posts JSON as text/plain); /api's JSON parser then leaves it.
  app.use(WEBHOOK_MOUNT, webhookBody);
  app.use('/api', express.json({ limit: '1mb' }), inputGuard, api.router, apiNotFound);

  // The public newsroom is rendered here, before the client app's catch-all.
  app.use(newsroomPages(ctx));

  let closeClient = () => Promise.resolve();
  if (opts.serveClient !== false) {
    const client = await createClientApp(
      config,
      logger,
      config.clientDev,
      publicPageData(new PublicSiteService(ctx), ctx.logger),
    );
    app.use(client.router);
    closeClient = () => client.close();
  }

  app.use(errorHandler(logger));
  return { app, api, close: closeClient };
}
