import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileMissing, type FileData, type FileStorage } from './file-storage';
import { StorageError, toStorageError } from './storage-errors';
import { nodeStorageFs, type StorageFs } from './storage-fs';

/** Bytes handed to the file system per write call. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * A temporary file older than this is left over by a crash and removed by the sweep; a
 * younger one may be another process's write in progress (every write refreshes its mtime).
 */
export const STALE_TEMP_MS = 5 * 60_000;

const TEMP_RE = /\.tmp$/;

export interface FileStoreOptions {
  /** The file-system calls to make (tests inject faults); the real ones by default. */
  fs?: StorageFs;
  /** The folder itself (the logos' folder), instead of DATA_DIR/files. */
  root?: string;
}

let memoryRoot: string | undefined;

/**
 * Durable file storage under the data folder (DATA_DIR/files); with an in-memory database
 * (tests) one temporary folder per process. Keys are relative paths made here, never from
 * user input.
 *
 * Every write is atomic (a temporary file, written, synced, then renamed into place) and
 * leaves nothing behind when it fails: a full disk (ENOSPC, EDQUOT) is answered 507
 * `storage_full`, a folder that cannot be written (EROFS, EACCES, EPERM …) 503
 * `storage_unavailable`.
 */
export class FileStore implements FileStorage {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly fs: StorageFs;
  /** Told of every storage fault (the data folder's readiness probe reports it at once). */
  onFault?: (err: StorageError) => void;

  constructor(dataDir: string, o: FileStoreOptions = {}) {
    this.root = o.root
      ? path.resolve(o.root)
      : dataDir === ':memory:'
        ? (memoryRoot ??= fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-files-')))
        : path.resolve(dataDir, 'files');
    this.fs = o.fs ?? nodeStorageFs;
  }

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('invalid storage key');
    return full;
  }

  /** Writes bytes atomically (temp file + rename) and returns the key. */
  async put(folder: string, data: FileData): Promise<string> {
    const key = path.posix.join(folder.replace(/[^a-z0-9/_-]/gi, ''), crypto.randomUUID());
    await this.writeAtomic(this.resolve(key), data);
    return key;
  }

  /** Writes bytes atomically under `key`. */
  async putAt(key: string, data: FileData): Promise<void> {
    await this.writeAtomic(this.resolve(key), data);
  }

  /**
   * Writes `full` (an absolute path under the data folder) atomically: it appears whole or
   * not at all. On any failure (opening, a write, the sync, closing, the rename, or the
   * source stream itself) the temporary file is removed and the error thrown, a storage
   * fault as a StorageError.
   */
  async writeAtomic(full: string, data: Buffer | AsyncIterable<Uint8Array>): Promise<void> {
    const tmp = `${full}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await this.fs.mkdir(path.dirname(full));
      const file = await this.fs.create(tmp);
      let failed: { err: unknown } | undefined;
      try {
        for await (const piece of pieces(data)) {
          for (let off = 0; off < piece.length; ) {
            const { bytesWritten } = await file.write(piece.subarray(off));
            if (bytesWritten <= 0) throw Object.assign(new Error(`short write to ${tmp}`), { code: 'EIO', syscall: 'write' });
            off += bytesWritten;
          }
        }
        await file.sync();
      } catch (err) {
        failed = { err };
      }
      try {
        await file.close();
      } catch (err) {
        failed ??= { err };
      }
      if (failed) throw failed.err;
      await this.fs.rename(tmp, full);
    } catch (err) {
      // Best effort: if even this fails (the folder went read-only), the sweep removes it later.
      await this.fs.remove(tmp).catch(() => undefined);
      const mapped = toStorageError(err);
      if (mapped instanceof StorageError) this.onFault?.(mapped);
      throw mapped;
    }
  }

  /** The file opened for reading: FileMissing when there is none, another read error as it is. */
  async open(key: string): Promise<Readable> {
    const stream = fs.createReadStream(this.resolve(key));
    await new Promise<void>((resolve, reject) => {
      stream.once('ready', () => resolve());
      stream.once('error', (err) => reject(missingOr(err, key)));
    });
    return stream;
  }

  async read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.resolve(key)).catch((err: unknown) => {
      throw missingOr(err, key);
    });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await fs.promises.stat(this.resolve(key))).size };
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.fs.remove(this.resolve(key));
  }

  /**
   * Removes the temporary files a crash left (under the store and the `extraDirs`, e.g. the
   * logos' folder) once older than `olderThanMs`. Returns how many were removed and how
   * many could not be (a read-only folder); a missing folder is skipped.
   */
  async sweepTemp(extraDirs: string[] = [], olderThanMs = STALE_TEMP_MS, now = Date.now()): Promise<{ removed: number; failed: number }> {
    const tally = { removed: 0, failed: 0 };
    const visit = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await this.fs.readdir(dir);
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await visit(full);
        else if (e.isFile() && TEMP_RE.test(e.name)) {
          try {
            if (now - (await this.fs.mtimeMs(full)) < olderThanMs) continue;
            await this.fs.remove(full);
            tally.removed++;
          } catch {
            tally.failed++;
          }
        }
      }
    };
    for (const dir of [this.root, ...extraDirs]) await visit(dir);
    return tally;
  }
}

function missingOr(err: unknown, key: string): Error {
  if ((err as { code?: string }).code === 'ENOENT') return new FileMissing(key);
  return err instanceof Error ? err : new Error(String(err));
}

async function* pieces(data: Buffer | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  if (!Buffer.isBuffer(data)) {
    yield* data;
    return;
  }
  for (let off = 0; off < data.length; off += CHUNK_BYTES) yield data.subarray(off, off + CHUNK_BYTES);
}
