import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Durable file storage under the data folder (DATA_DIR/files); with an in-memory database
 * (tests) a temporary folder. Keys are relative paths made here, never from user input.
 */
export class FileStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = dataDir === ':memory:' ? fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-files-')) : path.resolve(dataDir, 'files');
    fs.mkdirSync(this.root, { recursive: true });
  }

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('invalid storage key');
    return full;
  }

  /** Writes bytes atomically (temp file + rename) and returns the key. */
  async put(folder: string, data: Buffer): Promise<string> {
    const key = path.posix.join(folder.replace(/[^a-z0-9/_-]/gi, ''), crypto.randomUUID());
    const full = this.resolve(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, full);
    return key;
  }

  stream(key: string): fs.ReadStream {
    return fs.createReadStream(this.resolve(key));
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.resolve(key), { force: true });
  }
}
