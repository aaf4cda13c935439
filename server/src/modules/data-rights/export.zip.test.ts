import { Readable, Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipStream, jsonArray } from './export.zip';

/** A slow reader: a tiny buffer, each chunk taken on the next turn of the event loop. */
function slowSink(): Writable & { bytes(): Uint8Array; drains: number } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(Buffer.from(chunk));
      setImmediate(done);
    },
  }) as Writable & { bytes(): Uint8Array; drains: number };
  sink.drains = 0;
  sink.on('drain', () => sink.drains++);
  sink.bytes = () => new Uint8Array(Buffer.concat(chunks));
  return sink;
}

async function* pages(n: number, size: number) {
  for (let p = 0; p < n; p++) {
    await Promise.resolve(); // a page comes from the database
    yield Array.from({ length: size }, (_, i) => ({ id: p * size + i, title: `Δελτίο ${p * size + i}` }));
  }
}

describe('the streamed ZIP of a data export', () => {
  it('writes entries in order, waiting for a slow reader, and the archive opens whole', async () => {
    const sink = slowSink();
    const zip = new ZipStream(sink);
    await zip.text('rows.json', jsonArray(pages(20, 250)));
    await zip.text('empty.json', jsonArray(pages(0, 0)));
    await zip.file('files/a.bin', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    await zip.end();
    await new Promise<void>((r) => sink.end(r));
    const files = unzipSync(sink.bytes());
    expect(Object.keys(files)).toEqual(['rows.json', 'empty.json', 'files/a.bin']);
    const rows = JSON.parse(strFromU8(files['rows.json']!)) as { id: number; title: string }[];
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ id: 4999, title: 'Δελτίο 4999' });
    expect(JSON.parse(strFromU8(files['empty.json']!))).toEqual([]);
    expect(strFromU8(files['files/a.bin']!)).toBe('abcdef');
    // It waited for the reader instead of piling the archive up in memory.
    expect(sink.drains).toBeGreaterThan(0);
  });

  it('closes an entry whose source fails midway, so the entries after it are still written', async () => {
    const sink = slowSink();
    const zip = new ZipStream(sink);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('bucket gone'));
      },
    });
    await expect(zip.file('files/broken.bin', failing)).rejects.toThrow('bucket gone');
    await zip.text('after.json', ['{"ok":true}']);
    await zip.end();
    await new Promise<void>((r) => sink.end(r));
    const files = unzipSync(sink.bytes());
    expect(JSON.parse(strFromU8(files['after.json']!))).toEqual({ ok: true });
  });
});
