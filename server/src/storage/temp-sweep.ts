import type { AppContext } from '../context';
import { FileStore } from './files';

/**
 * Removes the temporary files a crash left in the data folder: once now (awaited, before
 * the server listens), then about every `everyMs` while the process runs (on the job
 * queue's poll, never awaited there). A file younger than STALE_TEMP_MS is left alone: it
 * may be another process's write in progress.
 */
export async function registerTempSweep(ctx: AppContext, extraDirs: string[], everyMs = 60 * 60_000): Promise<void> {
  // A bucket keeps no temporary files: the SDK aborts a multipart upload that fails.
  const store = ctx.files;
  if (!(store instanceof FileStore)) return;
  const sweep = async () => {
    try {
      const r = await store.sweepTemp(extraDirs);
      if (r.removed) ctx.logger.info(r, 'storage: stale temporary files removed');
      if (r.failed) ctx.logger.warn(r, 'storage: stale temporary files could not be removed');
    } catch (err) {
      ctx.logger.warn({ err }, 'storage: temporary-file sweep failed');
    }
  };
  await sweep();
  let last = Date.now();
  let running = false;
  ctx.jobs.onTick(() => {
    if (running || Date.now() - last < everyMs) return Promise.resolve();
    last = Date.now();
    running = true;
    void sweep().finally(() => {
      running = false;
    });
    return Promise.resolve();
  });
}
