import crypto from 'node:crypto';
import path from 'node:path';
import type { ProbeResult } from '../health/readiness';
import type { StorageError } from './storage-errors';
import type { StorageFs } from './storage-fs';

export interface DataDirProbeOptions {
  /** How long one answer is reused, so /readyz stays cheap (5 s). */
  ttlMs?: number;
  /** Below this many free bytes the folder is reported degraded (32 MiB: a few uploads). */
  minFreeBytes?: number;
  now?: () => number;
}

const down = (code: string, freeBytes?: number): ProbeResult => ({
  state: 'down',
  reason: 'data_dir_not_writable',
  code,
  ...(freeBytes === undefined ? {} : { freeBytes }),
});

/**
 * The `dataDir` readiness probe: the data folder takes a write. It writes and removes a
 * tiny file and reads the free space, at most once per `ttlMs`: down
 * (`data_dir_not_writable`, with the errno) when the write fails, degraded
 * (`data_dir_low_space`) when little space is left. A write that failed in a request for
 * want of space or permission reports the folder down at once, until the next probe finds
 * it writable again.
 */
export class DataDirProbe {
  private cached?: { at: number; result: ProbeResult };
  private running?: Promise<ProbeResult>;
  private readonly ttlMs: number;
  private readonly minFreeBytes: number;
  private readonly now: () => number;

  constructor(
    private readonly dir: string,
    private readonly fs: StorageFs,
    o: DataDirProbeOptions = {},
  ) {
    this.ttlMs = o.ttlMs ?? 5_000;
    this.minFreeBytes = o.minFreeBytes ?? 32 * 1024 * 1024;
    this.now = o.now ?? Date.now;
  }

  readonly check = async (): Promise<ProbeResult> => {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.result;
    this.running ??= this.probe().finally(() => {
      this.running = undefined;
    });
    const result = await this.running;
    this.cached = { at: this.now(), result };
    return result;
  };

  /** A write failed for want of space or permission: the folder is down from now on. */
  noteFault(err: StorageError): void {
    this.cached = { at: this.now(), result: down(err.errno) };
  }

  private async probe(): Promise<ProbeResult> {
    const file = path.join(this.dir, `.readyz-${process.pid}-${crypto.randomUUID()}.tmp`);
    try {
      await this.fs.mkdir(this.dir);
      const handle = await this.fs.create(file);
      try {
        await handle.write(Buffer.from('ok\n'));
      } finally {
        await handle.close();
      }
    } catch (err) {
      return down((err as { code?: string }).code ?? 'unknown');
    } finally {
      await this.fs.remove(file).catch(() => undefined);
    }
    let freeBytes: number;
    try {
      freeBytes = await this.fs.freeBytes(this.dir);
    } catch {
      return { state: 'ok' };
    }
    // Writable but nearly full: still serving (a small file fits), uploads may soon fail.
    return freeBytes < this.minFreeBytes ? { state: 'degraded', reason: 'data_dir_low_space', freeBytes } : { state: 'ok', freeBytes };
  }
}
