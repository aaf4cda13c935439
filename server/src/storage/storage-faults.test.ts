import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/app';
import { faultyFs } from '../test/faulty-fs';
import { call, signIn, signUp } from '../test/http';
import { insertRelease, ownOrganisationOf } from '../test/releases';

/**
 * Disk full or read-only while files are uploaded: the answer is 507 /
 * 503 with a code the client shows in Greek, nothing partial or temporary is left in the
 * data folder, and /readyz reports the folder as not writable.
 */
let server: TestServer;
let dataDir: string;
let token: string;
let releaseId: string;
const disk = faultyFs();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// Big enough to take several write calls (1 MiB each), so a fault can land mid-file.
const BIG_PDF = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function uploadAttachment(data: Buffer) {
  const res = await fetch(`${server.url}/api/releases/${releaseId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('Δελτίο.pdf') },
    body: new Uint8Array(data),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: { code: string } } };
}

async function uploadLogo() {
  const res = await fetch(`${server.url}/api/profile/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(PNG),
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}

function crashLeftovers(): string[] {
  return [
    path.join(dataDir, 'files', 'attachments', '6a1c0e0e-1d5e-4a53-9a0e-000000000001', '0b5c.tmp'),
    path.join(dataDir, 'uploads', 'logos', '0123456789abcdef0123456789abcdef.png.tmp'),
  ];
}

async function attachmentRows(): Promise<number> {
  const [row] = await server.ctx.db('release_attachments').where('press_release_id', releaseId).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-storage-faults-'));
  // What a crash mid-upload left behind, an hour ago: the start removes it.
  const hourAgo = new Date(Date.now() - 3600_000);
  for (const file of crashLeftovers()) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    fs.utimesSync(file, hourAgo, hourAgo);
  }
  server = await startTestServer({ DATA_DIR: dataDir }, { storage: { fs: disk, probeTtlMs: 0 } });
  const owner = await signUp(server.url, 'owner@storage-faults.test', 'client');
  releaseId = await insertRelease(server.ctx.db, await ownOrganisationOf(server.ctx.db, owner.id), owner.id, { title: 'Με συνημμένα' });
  token = (await signIn(server.url, 'owner@storage-faults.test')).access_token;
}, 60_000);
afterEach(() => disk.clear());
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads when the disk is full or read-only', () => {
  it('the server start removed the temporary files a crash left', () => {
    for (const file of crashLeftovers()) expect(fs.existsSync(file)).toBe(false);
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('ENOSPC on write: 507 storage_full, no temporary file, no stored file, no row', async () => {
    const before = await attachmentRows();
    disk.set({ at: 'write', code: 'ENOSPC' });
    const r = await uploadAttachment(PDF);
    expect(r.status).toBe(507);
    expect(r.body.error?.code).toBe('storage_full');
    expect(filesUnder(dataDir)).toEqual([]);
    expect(await attachmentRows()).toBe(before);
  });

  it('EDQUOT (quota) is full too: 507', async () => {
    disk.set({ at: 'sync', code: 'EDQUOT' });
    const r = await uploadAttachment(PDF);
    expect(r.status).toBe(507);
    expect(r.body.error?.code).toBe('storage_full');
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('EROFS: 503 storage_unavailable with Retry-After', async () => {
    disk.set({ at: 'create', code: 'EROFS' });
    const r = await uploadAttachment(PDF);
    expect(r.status).toBe(503);
    expect(r.body.error?.code).toBe('storage_unavailable');
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('EACCES on mkdir and EPERM on the rename: 503, nothing left', async () => {
    disk.set({ at: 'mkdir', code: 'EACCES' });
    expect((await uploadAttachment(PDF)).status).toBe(503);
    disk.set({ at: 'rename', code: 'EPERM' });
    const r = await uploadAttachment(PDF);
    expect(r.status).toBe(503);
    expect(r.body.error?.code).toBe('storage_unavailable');
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('the disk fills mid-file (1.5 MB of 3 MB written): 507 and no partial file', async () => {
    disk.set({ at: 'write', code: 'ENOSPC', afterBytes: 1536 * 1024 });
    const r = await uploadAttachment(BIG_PDF);
    expect(r.status).toBe(507);
    // The fault did land mid-file: bytes were written to a temporary file, then it was removed.
    expect(disk.calls.filter((c) => c.startsWith('write ')).length).toBeGreaterThan(1);
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('a logo upload on a full disk: 507 storage_full, no file left', async () => {
    disk.set({ at: 'write', code: 'ENOSPC' });
    const r = await uploadLogo();
    expect(r.status).toBe(507);
    expect(r.body.error?.code).toBe('storage_full');
    expect(filesUnder(dataDir)).toEqual([]);
    disk.set({ at: 'create', code: 'EROFS' });
    expect((await uploadLogo()).status).toBe(503);
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('the same upload succeeds once the disk is healed (the fault was the only cause)', async () => {
    const r = await uploadAttachment(PDF);
    expect(r.status).toBe(201);
    expect(filesUnder(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'files', 'attachments', releaseId))).toHaveLength(1);
    expect((await uploadLogo()).status).toBe(201);
  });
});

describe('/readyz and the data folder', () => {
  it('answers 503 with dataDir down (data_dir_not_writable) while the folder cannot be written, 200 again after', async () => {
    expect((await call(server.url, 'GET', '/readyz')).status).toBe(200);
    disk.set({ at: 'create', code: 'EROFS' });
    const r = await call<{ status: string; checks: Record<string, { state: string; reason?: string; code?: string }> }>(server.url, 'GET', '/readyz');
    expect(r.status).toBe(503);
    expect(r.body.checks.dataDir).toMatchObject({ state: 'down', reason: 'data_dir_not_writable', code: 'EROFS' });
    disk.clear();
    const healed = await call<{ checks: Record<string, { state: string }> }>(server.url, 'GET', '/readyz');
    expect(healed.status).toBe(200);
    expect(healed.body.checks.dataDir?.state).toBe('ok');
    // The probe cleans up after itself.
    expect(filesUnder(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
