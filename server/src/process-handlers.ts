import type { Logger } from './logger';

/**
 * A rejected promise nobody awaited (e.g. a Redis command timing out inside a library during
 * an outage) is logged and the process keeps serving; an uncaught exception leaves the process
 * in an unknown state, so it is logged and the process exits with 1 for the supervisor to
 * restart it (docker compose `restart: unless-stopped`, systemd, …).
 */
export function installProcessHandlers(logger: Logger, exit: (code: number) => void = (c) => process.exit(c)): void {
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (process keeps serving)');
  });
  process.on('uncaughtException', (err: Error, origin: string) => {
    logger.fatal({ err, origin }, 'uncaught exception: exiting for the supervisor to restart');
    logger.flush();
    setTimeout(() => exit(1), 100).unref();
  });
}
