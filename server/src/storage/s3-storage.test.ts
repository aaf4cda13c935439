import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/app';
import { call, signIn, signUp } from '../test/http';
import { insertRelease, ownOrganisationOf } from '../test/releases';
import { startS3, type TestS3 } from '../test/s3';
import { until } from '../test/wait';

/**
 * Attachments and logos in an S3-compatible bucket (s3rver in this process): two app
 * processes on one database, each with its own data folder, share the files through the
 * bucket alone; a bucket that cannot be reached is answered 503 storage_unavailable.
 */
let s3: TestS3;
let a: TestServer;
let b: TestServer;
let dirA: string;
let dirB: string;
let token: string;
let releaseId: string;
let bucket: S3Client;

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  Buffer.alloc(64 * 1024, 0x20),
]);
// Over the 5 MB part size: goes up as a multipart upload.
const BIG_PDF = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x41)]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Created = { id: string; url: string; fileName: string; sizeBytes: number };

async function upload(server: TestServer, data: Buffer, name = 'Δελτίο τύπου.pdf') {
  const res = await fetch(`${server.url}/api/releases/${releaseId}/attachments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/pdf',
      'x-file-name': encodeURIComponent(name),
    },
    body: new Uint8Array(data),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Created & { error?: { code: string; message: string } },
  };
}

async function uploadLogo(server: TestServer) {
  const res = await fetch(`${server.url}/api/profile/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(PNG),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { url: string; error?: { code: string; message: string } },
  };
}

async function storageKey(id: string): Promise<string> {
  return (
    (await a.ctx.db('release_attachments').where({ id }).first('storage_key')) as {
      storage_key: string;
    }
  ).storage_key;
}

async function inBucket(key: string): Promise<Buffer | null> {
  try {
    const out = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

beforeAll(async () => {
  s3 = await startS3();
  bucket = new S3Client({
    endpoint: s3.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-s3-a-'));
  dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-s3-b-'));
  a = await startTestServer({ ...s3.env, DATA_DIR: dirA }, { storage: { probeTtlMs: 0 } });
  // A second process on the same database and bucket, with a data folder of its own.
  b = await startTestServer(
    { ...s3.env, DATA_DIR: dirB },
    { storage: { probeTtlMs: 0 }, sharedDb: a.testDb },
  );
  const owner = await signUp(a.url, 'owner@s3.test', 'client');
  releaseId = await insertRelease(a.ctx.db, await ownOrganisationOf(a.ctx.db, owner.id), owner.id, {
    title: 'Στον κάδο',
  });
  token = (await signIn(a.url, 'owner@s3.test')).access_token;
}, 60_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  bucket?.destroy();
  await s3?.destroy();
  for (const dir of [dirA, dirB]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('attachments in the bucket', () => {
  it('uploads on one process, downloads on the other with the same headers, and deletes from the bucket', async () => {
    const created = await upload(a, PDF);
    expect(created.status).toBe(201);
    const key = await storageKey(created.body.id);
    expect(key).toMatch(new RegExp(`^attachments/${releaseId}/[0-9a-f-]{36}$`));
    expect((await inBucket(key))?.equals(PDF)).toBe(true);
    // Nothing in either data folder: the bucket alone holds the file.
    expect([...filesUnder(dirA), ...filesUnder(dirB)]).toEqual([]);

    // The other process serves it through the same signed link, with the same headers.
    const file = await fetch(`${b.url}${created.body.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-length')).toBe(String(PDF.length));
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Δελτίο τύπου.pdf')}`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // The access check stays: a link for another attachment opens nothing.
    expect(
      (
        await fetch(
          `${b.url}${created.body.url.replace(created.body.id, '00000000-0000-4000-8000-000000000000')}`,
        )
      ).status,
    ).toBe(403);

    const del = await call(
      b.url,
      'DELETE',
      `/api/releases/${releaseId}/attachments/${created.body.id}`,
      { token },
    );
    expect(del.status).toBe(204);
    expect(await inBucket(key)).toBeNull();
  });

  it('streams a file over the part size up as a multipart upload and back', async () => {
    const created = await upload(b, BIG_PDF, 'μεγάλο.pdf');
    expect(created.status).toBe(201);
    const file = await fetch(`${a.url}${created.body.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(BIG_PDF)).toBe(true);
    await call(a.url, 'DELETE', `/api/releases/${releaseId}/attachments/${created.body.id}`, {
      token,
    });
  });

  it('streams an upload without a declared length and refuses it once past 10 MB, keeping nothing', async () => {
    const before = await objectsUnder(`attachments/${releaseId}/`);
    // Chunked (no Content-Length): the limit can only be seen while the body flows.
    const chunk = Buffer.alloc(1024 * 1024, 0x42);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(PDF));
      },
      pull(controller) {
        if (sent++ >= 11) controller.close();
        else controller.enqueue(new Uint8Array(chunk));
      },
    });
    const res = await fetch(`${a.url}/api/releases/${releaseId}/attachments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/pdf',
        'x-file-name': encodeURIComponent('ροή.pdf'),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('file_too_large');
    expect(
      await a.ctx
        .db('release_attachments')
        .where({ press_release_id: releaseId, file_name: 'ροή.pdf' })
        .first(),
    ).toBeUndefined();
    expect(await objectsUnder(`attachments/${releaseId}/`)).toEqual(before);
  });

  it('a reader who goes away mid-file ends the read from the bucket (its connection is not left paused)', async () => {
    const created = await upload(a, BIG_PDF, 'διακοπή.pdf');
    const files = b.ctx.files;
    const opened: Readable[] = [];
    const realOpen = files.open.bind(files);
    files.open = async (key) => {
      const body = await realOpen(key);
      opened.push(body);
      return body;
    };
    try {
      const abort = new AbortController();
      const res = await fetch(`${b.url}${created.body.url}`, { signal: abort.signal });
      const reader = res.body!.getReader();
      await reader.read();
      abort.abort();
      await until(() => opened[0]?.destroyed === true, 5_000, 'the bucket stream destroyed');
    } finally {
      files.open = realOpen;
    }
    await call(a.url, 'DELETE', `/api/releases/${releaseId}/attachments/${created.body.id}`, {
      token,
    });
  });

  it('answers 404 (not a 500) when the object is gone from the bucket', async () => {
    const created = await upload(a, PDF);
    const key = await storageKey(created.body.id);
    await b.ctx.files.remove(key);
    const file = await fetch(`${b.url}${created.body.url}`);
    expect(file.status).toBe(404);
    expect(await file.json()).toEqual({ error: { code: 'not_found', message: 'File not found' } });
    await call(a.url, 'DELETE', `/api/releases/${releaseId}/attachments/${created.body.id}`, {
      token,
    });
  });

  it('with S3_DOWNLOADS=redirect answers with a short-lived signed URL of the bucket, after the same checks', async () => {
    const created = await upload(a, PDF, 'σύνδεσμος.pdf');
    b.config.s3!.downloads = 'redirect';
    try {
      expect(
        (
          await fetch(
            `${b.url}${created.body.url.replace(/token=.*/, 'token=not-a-valid-token')}`,
            { redirect: 'manual' },
          )
        ).status,
      ).toBe(403);
      const res = await fetch(`${b.url}${created.body.url}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const location = new URL(res.headers.get('location')!);
      expect(location.origin).toBe(s3.url);
      expect(Number(location.searchParams.get('X-Amz-Expires'))).toBe(60);
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer()).equals(PDF)).toBe(true);
      expect(direct.headers.get('content-type')).toBe('application/pdf');
      expect(direct.headers.get('content-disposition')).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('σύνδεσμος.pdf')}`,
      );
    } finally {
      b.config.s3!.downloads = 'proxy';
    }
    await call(a.url, 'DELETE', `/api/releases/${releaseId}/attachments/${created.body.id}`, {
      token,
    });
  });
});

describe('logos in the bucket', () => {
  it('uploads on one process, is served by the other, and a replaced logo leaves the bucket', async () => {
    const first = await uploadLogo(a);
    expect(first.status).toBe(201);
    const firstFile = first.body.url.split('/').pop()!;
    expect((await inBucket(`logos/${firstFile}`))?.equals(PNG)).toBe(true);
    const head = await bucket.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `logos/${firstFile}` }),
    );
    expect(head.ContentType).toBe('image/png');

    const served = await fetch(`${b.url}${first.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetch(`${b.url}/api/profile/logo/${'0'.repeat(32)}.png`)).status).toBe(404);

    const second = await uploadLogo(b);
    expect(second.status).toBe(201);
    expect(await inBucket(`logos/${firstFile}`)).toBeNull();
    expect((await fetch(`${a.url}${second.body.url}`)).status).toBe(200);
    expect([...filesUnder(dirA), ...filesUnder(dirB)]).toEqual([]);
  });
});

describe('a bucket that cannot be reached', () => {
  it('reports the bucket on /readyz', async () => {
    const r = await call<{ checks: Record<string, { state: string; bucket?: string }> }>(
      a.url,
      'GET',
      '/readyz',
    );
    expect(r.status).toBe(200);
    expect(r.body.checks.objectStore).toMatchObject({ state: 'ok', bucket: s3.bucket });
    expect(r.body.checks.dataDir).toBeUndefined();
  });

  it('answers 503 storage_unavailable (never a 500) while it is down, stores nothing half, and recovers', async () => {
    const kept = await upload(a, PDF, 'πριν.pdf');
    const logo = await uploadLogo(a);
    await s3.stop();
    try {
      const refused = await upload(a, PDF, 'κατά.pdf');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        error: { code: 'storage_unavailable', message: expect.any(String) },
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(
        await a.ctx
          .db('release_attachments')
          .where({ press_release_id: releaseId, file_name: 'κατά.pdf' })
          .first(),
      ).toBeUndefined();

      const logoRefused = await uploadLogo(b);
      expect(logoRefused.status).toBe(503);
      expect(logoRefused.body).toEqual({
        error: { code: 'storage_unavailable', message: expect.any(String) },
      });

      const download = await fetch(`${b.url}${kept.body.url}`);
      expect(download.status).toBe(503);
      expect(await download.json()).toEqual({
        error: { code: 'storage_unavailable', message: expect.any(String) },
      });
      expect((await fetch(`${b.url}${logo.body.url}`)).status).toBe(503);

      const ready = await call<{ checks: Record<string, { state: string; reason?: string }> }>(
        a.url,
        'GET',
        '/readyz',
      );
      expect(ready.status).toBe(503);
      expect(ready.body.checks.objectStore).toMatchObject({
        state: 'down',
        reason: 'object_store_unavailable',
      });
    } finally {
      await s3.start();
    }
    expect((await call(a.url, 'GET', '/readyz')).status).toBe(200);
    const again = await fetch(`${b.url}${kept.body.url}`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(PDF)).toBe(true);
  }, 30_000);
});
