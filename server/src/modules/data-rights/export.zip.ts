import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';

/**
 * A ZIP written to a stream as it is made (fflate's streaming Zip): entries one after another,
 * each pushed in small chunks; when the socket's buffer is full, the writer waits for 'drain'
 * before it makes more. Nothing holds the whole archive, nor the whole of any entry.
 */
export class ZipStream {
  private readonly zip: Zip;
  private failure: Error | undefined;
  private finished = false;
  private readonly done: Promise<void>;

  constructor(private readonly out: Writable) {
    let resolve!: () => void;
    this.done = new Promise<void>((r) => (resolve = r));
    this.zip = new Zip((err, data, final) => {
      if (err) {
        this.failure = err;
        resolve();
        return;
      }
      if (data.length) out.write(data);
      if (final) {
        this.finished = true;
        resolve();
      }
    });
  }

  /** Whether the reader went away (the download was cancelled): stop making more. */
  get aborted(): boolean {
    return this.out.destroyed || this.failure !== undefined;
  }

  private async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain && !this.out.destroyed) await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
  }

  /** A text entry (JSON, README) made of chunks as they come. */
  async text(name: string, chunks: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    for await (const chunk of chunks) {
      if (this.aborted) return;
      entry.push(strToU8(chunk));
      await this.drain();
    }
    entry.push(new Uint8Array(0), true);
    await this.drain();
  }

  /** A stored file copied from a stream (uploads are mostly compressed already: stored as is). */
  async file(name: string, source: Readable): Promise<void> {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (this.aborted) {
          source.destroy();
          return;
        }
        entry.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        await this.drain();
      }
    } finally {
      // Closed even when the source failed midway, so the entries after it are written.
      if (!this.failure) entry.push(new Uint8Array(0), true);
    }
    await this.drain();
  }

  /** Writes the central directory and waits until the whole archive was handed to the stream. */
  async end(): Promise<void> {
    this.zip.end();
    await this.done;
    if (this.failure) throw this.failure;
    if (!this.finished) throw new Error('zip did not finish');
  }
}

/** A JSON array written row by row from pages of rows. */
export async function* jsonArray(pages: AsyncIterable<readonly unknown[]>): AsyncIterable<string> {
  yield '[';
  let first = true;
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) {
      chunk += `${first ? '\n  ' : ',\n  '}${JSON.stringify(row)}`;
      first = false;
    }
    if (chunk) yield chunk;
  }
  yield first ? ']\n' : '\n]\n';
}
