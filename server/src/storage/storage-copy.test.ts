import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/app';
import { signIn, signUp } from '../test/http';
import { insertRelease, ownOrganisationOf } from '../test/releases';
import { startS3, type TestS3 } from '../test/s3';
import { copyToBucket } from './copy-to-bucket';
import type { FileStorage } from './file-storage';

/**
 * Moving to a bucket: the files a process stored in its data folder are copied by
 * `npm run storage:copy` (run here as a process, as an operator would), idempotently, and a
 * process configured with the bucket then serves them.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

let s3: TestS3;
let local: TestServer;
let dataDir: string;
let created: { id: string; url: string };
let logoUrl: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function copy(env: Record<string, string>) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/storage-copy.ts'],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          ...env,
        },
      },
    );
    return { code: 0, out: JSON.parse(stdout.trim()) as Record<string, unknown> };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

beforeAll(async () => {
  s3 = await startS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-copy-'));
  // Before: files in the data folder (no S3_BUCKET).
  local = await startTestServer({ DATA_DIR: dataDir });
  const owner = await signUp(local.url, 'owner@copy.test', 'client');
  const releaseId = await insertRelease(
    local.ctx.db,
    await ownOrganisationOf(local.ctx.db, owner.id),
    owner.id,
    { title: 'Μεταφορά' },
  );
  const token = (await signIn(local.url, 'owner@copy.test')).access_token;
  const res = await fetch(`${local.url}/api/releases/${releaseId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-file-name': encodeURIComponent('παλιό.pdf') },
    body: new Uint8Array(PDF),
  });
  created = (await res.json()) as { id: string; url: string };
  const logo = await fetch(`${local.url}/api/profile/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(PNG),
  });
  logoUrl = ((await logo.json()) as { url: string }).url;
  // What a crashed write left: never copied.
  fs.writeFileSync(path.join(dataDir, 'files', 'attachments', releaseId, 'half.1a2b.tmp'), 'x');
}, 60_000);
afterAll(async () => {
  await local?.stop();
  await s3?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run storage:copy', () => {
  it('refuses without a bucket', async () => {
    const r = await copy({ DATA_DIR: dataDir });
    expect(r.code).toBe(2);
    expect(r.err).toContain('S3_BUCKET');
  }, 30_000);

  it('copies the attachments and logos once, skips them the second time, and a bucket process serves them', async () => {
    const first = await copy({ ...s3.env, DATA_DIR: dataDir });
    expect(first).toMatchObject({
      code: 0,
      out: { bucket: s3.bucket, copied: 2, skipped: 0, failed: 0, bytes: PDF.length + PNG.length },
    });
    const second = await copy({ ...s3.env, DATA_DIR: dataDir });
    expect(second).toMatchObject({ code: 0, out: { copied: 0, skipped: 2, failed: 0, bytes: 0 } });

    // After: a process on the same database with the bucket and an empty data folder of its own.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-copy-b-'));
    const bucketed = await startTestServer(
      { ...s3.env, DATA_DIR: otherDir },
      { sharedDb: local.testDb },
    );
    try {
      const file = await fetch(`${bucketed.url}${created.url}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
      const logo = await fetch(`${bucketed.url}${logoUrl}`);
      expect(logo.status).toBe(200);
      expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      await bucketed.stop();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('says at once when the bucket cannot be reached, exit code 1', async () => {
    await s3.stop();
    try {
      const r = await copy({ ...s3.env, DATA_DIR: dataDir });
      expect(r.code).toBe(1);
      expect(r.err).toContain(`the bucket ${s3.bucket} cannot be reached`);
      expect(r.out).toBe('');
    } finally {
      await s3.start();
    }
  }, 30_000);
});

describe('copyToBucket', () => {
  it('counts a file the bucket refused as failed, copies the rest, and copies it on the next run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-copy-unit-'));
    for (const name of ['a', 'b', 'c']) fs.writeFileSync(path.join(dir, name), name.repeat(3));
    const stored = new Map<string, number>();
    let refuse: string | null = 'b';
    const to = {
      stat: (key: string) => Promise.resolve(stored.has(key) ? { size: stored.get(key)! } : null),
      putAt: async (key: string, data: AsyncIterable<Uint8Array>) => {
        let size = 0;
        for await (const piece of data) size += piece.length;
        if (key === refuse) throw new Error('503 from the bucket');
        stored.set(key, size);
      },
    } as unknown as FileStorage;
    const lines: string[] = [];
    try {
      expect(await copyToBucket([{ dir, to, accept: () => true }], (l) => lines.push(l))).toEqual({
        copied: 2,
        skipped: 0,
        failed: 1,
        bytes: 6,
      });
      expect(lines).toEqual(['failed: b: 503 from the bucket']);
      refuse = null;
      expect(await copyToBucket([{ dir, to, accept: () => true }])).toEqual({
        copied: 1,
        skipped: 2,
        failed: 0,
        bytes: 3,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
