import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, EMBEDDED_SHARED_BUFFERS, openEmbedded } from './knex';

/** The embedded database's memory (issue 32): initdb in a child process, small shared buffers. */
describe('embedded database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-embedded-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('initialises a new folder outside this process and opens it with small shared buffers', async () => {
    const dir = path.join(root, 'pgdata');
    fs.mkdirSync(dir);
    // initdb in this process would grow it by ~700 MB that are never given back: the memory
    // itself is measured by bench/memory.bench.ts, not here.
    const db = await openEmbedded(dir);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect((await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    await db.exec('create table kept (n int); insert into kept values (42)');
    await db.close();
  }, 120_000);

  it('keeps its data in the folder: knex opens it again on the first query', async () => {
    const db = createDb({ databaseUrl: undefined, dataDir: root });
    try {
      expect(await db('kept').select('n')).toEqual([{ n: 42 }]);
      expect((await db.raw<{ rows: { shared_buffers: string }[] }>('show shared_buffers')).rows[0]!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
