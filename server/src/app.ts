import crypto from 'node:crypto';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppContext } from './context';
import { ApiRouter } from './http/api-router';
import { apiNotFound, errorHandler } from './http/errors';
import { createClientApp } from './http/client-app';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerApiRoutes } from './routes';

export interface BuiltApp {
  app: Express;
  api: ApiRouter;
  close(): Promise<void>;
}

/** Builds the Express app for a context. */
export async function createApp(ctx: AppContext, opts: { serveClient?: boolean } = {}): Promise<BuiltApp> {
  const { config, db, logger } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: config.clientDev
        ? false // Vite's dev client injects inline scripts
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`],
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
    }),
  );
  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );

  app.use(healthRoutes(db, config));
  app.use('/auth/v1', authRoutes(ctx.auth, db, ctx.tokenKey));

  const api = new ApiRouter(db, ctx.tokenKey);
  registerApiRoutes(api, ctx);
  app.use('/api', express.json({ limit: '1mb' }), api.router, apiNotFound);

  let closeClient = () => Promise.resolve();
  if (opts.serveClient !== false) {
    const client = await createClientApp(config, logger, config.clientDev);
    app.use(client.router);
    closeClient = () => client.close();
  }

  app.use(errorHandler(logger));
  return { app, api, close: closeClient };
}
