import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations';
import { isNewEmbeddedFolder, prepareNewEmbedded } from './first-start';
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

  it('on a first start, a child process initialises, migrates and seeds a new folder; a prepared folder is left alone', async () => {
    const dataDir = path.join(root, 'first-start');
    const opts = { databaseUrl: undefined, dataDir };
    expect(isNewEmbeddedFolder(opts)).toBe(true);
    // The child reads the configuration as `npm start` does, from the environment.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false' };
    delete env.DATABASE_URL;
    expect(await prepareNewEmbedded(opts, env)).toBe(true);
    expect(isNewEmbeddedFolder(opts)).toBe(false);
    expect(await prepareNewEmbedded(opts, env)).toBe(false);
    const db = createDb(opts);
    try {
      const applied = await db('knex_migrations').pluck('name');
      expect(applied.sort()).toEqual(Object.keys(migrations).sort());
      expect(Number((await db('plans').count<{ count: string }[]>('* as count'))[0]!.count)).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
    // Postgres and the in-memory database have no folder to prepare.
    expect(isNewEmbeddedFolder({ databaseUrl: 'postgres://x/y', dataDir })).toBe(false);
    expect(isNewEmbeddedFolder({ databaseUrl: undefined, dataDir: ':memory:' })).toBe(false);
  }, 120_000);
});
