import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>): Logger {
  // Development prints through pino-pretty (colours only on a terminal); other environments,
  // and an install without dev dependencies, write JSON lines.
  const pretty = config.env === 'development' && prettyPrinterInstalled();
  const verbose = ['debug', 'trace'].includes(config.logLevel);
  return pino({
    level: config.logLevel,
    base: { service: 'deltio' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token'],
      remove: true,
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: Boolean(process.stdout.isTTY),
              // The access log's message already says method, path, status and time: its
              // req/res objects (headers) are printed only at debug.
              ignore: verbose
                ? 'pid,hostname,service'
                : 'pid,hostname,service,req,res,responseTime',
            },
          },
        }
      : {}),
  });
}

function prettyPrinterInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
