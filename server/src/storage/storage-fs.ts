import fs from 'node:fs/promises';

/** An open file being written: what an atomic write needs of it. */
export interface StorageFile {
  write(data: Uint8Array): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface StorageDirent {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

/**
 * The file-system calls the storage layer makes under the data folder, and nothing else:
 * production passes the real ones (`nodeStorageFs`); a test passes one that raises ENOSPC,
 * EROFS, EACCES … at a chosen step, deterministically.
 */
export interface StorageFs {
  mkdir(dir: string): Promise<void>;
  /** Opens a new file for writing; fails when it exists (flag `wx`). */
  create(file: string): Promise<StorageFile>;
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(file: string): Promise<void>;
  readdir(dir: string): Promise<StorageDirent[]>;
  mtimeMs(file: string): Promise<number>;
  /** Bytes free for an unprivileged writer on the folder's file system. */
  freeBytes(dir: string): Promise<number>;
}

export const nodeStorageFs: StorageFs = {
  mkdir: async (dir) => {
    await fs.mkdir(dir, { recursive: true });
  },
  create: (file) => fs.open(file, 'wx'),
  rename: (from, to) => fs.rename(from, to),
  remove: (file) => fs.rm(file, { force: true }),
  readdir: (dir) => fs.readdir(dir, { withFileTypes: true }),
  mtimeMs: async (file) => (await fs.stat(file)).mtimeMs,
  freeBytes: async (dir) => {
    const s = await fs.statfs(dir);
    return s.bavail * s.bsize;
  },
};
