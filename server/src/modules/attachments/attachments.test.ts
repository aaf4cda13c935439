import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { until } from '../../test/wait';
import { call, signIn, signUp } from '../../test/http';
import { addMember, insertRelease, ownOrganisationOf } from '../../test/releases';

let server: TestServer;
let token: string;
let memberToken: string;
let outsiderToken: string;
let releaseId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function upload(name: string, data: Buffer, as = token, id = releaseId) {
  return fetch(`${server.url}/api/releases/${id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    body: new Uint8Array(data),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const owner = await signUp(server.url, 'owner@att.test', 'client');
  await signUp(server.url, 'outsider@att.test', 'client');
  const organisationId = await ownOrganisationOf(server.ctx.db, owner.id);
  releaseId = await insertRelease(server.ctx.db, organisationId, owner.id, { title: 'Με συνημμένα' });
  token = (await signIn(server.url, 'owner@att.test')).access_token;
  // A colleague who joined the owner's organisation and works in it (its room is theirs too).
  memberToken = (await addMember(server, organisationId, 'editor', 'member@att.test')).token;
  outsiderToken = (await signIn(server.url, 'outsider@att.test')).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('attachments', () => {
  it('stores a PDF, lists it with its size, and serves it through the signed link (Greek name kept)', async () => {
    const member = connect(server.url, { transports: ['websocket'], auth: { token: memberToken } });
    await new Promise((r) => member.on('session:ready', r));
    const told = new Promise<{ releaseId: string }>((r) => member.on('release:attachments', r));
    const res = await upload('Δελτίο τύπου.pdf', PDF);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; fileName: string; sizeBytes: number; url: string; mimeType: string };
    expect(created).toMatchObject({ fileName: 'Δελτίο τύπου.pdf', sizeBytes: PDF.length, mimeType: 'application/pdf' });
    expect((await told).releaseId).toBe(releaseId);
    member.close();

    const list = await call<{ id: string }[]>(server.url, 'GET', `/api/releases/${releaseId}/attachments`, { token: memberToken });
    expect(list.body.map((a) => a.id)).toContain(created.id);
    const file = await fetch(`${server.url}${created.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('Δελτίο τύπου.pdf'));
    // A link for another attachment id does not open this one.
    expect((await fetch(`${server.url}${created.url.replace(created.id, '00000000-0000-4000-8000-000000000000')}`)).status).toBe(403);
  });

  it('refuses other types, disguised files, empty files and files over 10 MB with clear 400s', async () => {
    const exe = await upload('setup.exe', Buffer.from('MZ....'));
    expect(exe.status).toBe(400);
    expect(((await exe.json()) as { error: { code: string } }).error.code).toBe('file_type_not_allowed');
    const fake = await upload('photo.png', Buffer.from('this is not a png'));
    expect(((await fake.json()) as { error: { code: string } }).error.code).toBe('file_type_not_allowed');
    const empty = await upload('empty.pdf', Buffer.alloc(0));
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('empty_file');
    const big = await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect([400, 413]).toContain(big.status);
    const body = (await big.json()) as { error: { code: string } };
    expect(['file_too_large', 'payload_too_large']).toContain(body.error.code);
  });

  it('keeps other clients out (404) and removes files', async () => {
    expect((await upload('x.pdf', PDF, outsiderToken)).status).toBe(404);
    const res = await upload('remove-me.pdf', PDF);
    const { id } = (await res.json()) as { id: string };
    expect((await call(server.url, 'DELETE', `/api/releases/${releaseId}/attachments/${id}`, { token: outsiderToken })).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/releases/${releaseId}/attachments/${id}`, { token: memberToken })).status).toBe(204);
    const list = await call<{ id: string }[]>(server.url, 'GET', `/api/releases/${releaseId}/attachments`, { token });
    expect(list.body.map((a) => a.id)).not.toContain(id);
  });
});

describe('downloads by recipients', () => {
  it('a recipient link records each download, and the client dashboard counts them', async () => {
    const res = await upload('Φωτογραφία.pdf', PDF);
    const { id } = (await res.json()) as { id: string };
    const media = await signUp(server.url, 'journalist@att.test', 'media');
    const { AttachmentsService } = await import('./attachments.service');
    const { FileStore } = await import('../../storage/files');
    const service = new AttachmentsService(server.ctx, new FileStore(':memory:'));
    const link = service.signedUrl(id, 600, media.id);
    const before = (await call<{ stats: { downloads: { value: number } } }>(server.url, 'GET', '/api/client/dashboard', { token })).body.stats.downloads.value;
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);
    expect((await fetch(`${server.url}${link}`)).status).toBe(200);
    const events = await server.ctx.db('reporting_events').where({ press_release_id: releaseId, kind: 'download', recipient_user_id: media.id });
    expect(events).toHaveLength(2);
    const after = (await call<{ stats: { downloads: { value: number; current: number } } }>(server.url, 'GET', '/api/client/dashboard', { token })).body.stats.downloads;
    expect(after.value).toBe(before + 2);
    expect(after.current).toBe(before + 2);
    // The organisation's own links do not count as downloads.
    const own = await call<{ url: string }[]>(server.url, 'GET', `/api/releases/${releaseId}/attachments`, { token });
    await fetch(`${server.url}${own.body[0]!.url}`);
    expect(await server.ctx.db('reporting_events').where({ press_release_id: releaseId, kind: 'download' })).toHaveLength(2);
  });
});

describe('downloads pushed live', () => {
  it('each counted download tells the sending organisation’s members at once (report:changed), and the report row counts it; a mail scanner is neither', async () => {
    const res = await upload('Παρουσίαση.pdf', PDF);
    const { id } = (await res.json()) as { id: string };
    const media = await signUp(server.url, 'reader@att.test', 'media');
    const { AttachmentsService } = await import('./attachments.service');
    const { FileStore } = await import('../../storage/files');
    const service = new AttachmentsService(server.ctx, new FileStore(':memory:'));
    const owner = connect(server.url, { transports: ['websocket'], auth: { token } });
    const member = connect(server.url, { transports: ['websocket'], auth: { token: memberToken } });
    await Promise.all([owner, member].map((s) => new Promise((r) => s.on('session:ready', r))));
    const pushed: string[] = [];
    owner.on('report:changed', (p: { releaseId: string; kind: string }) => pushed.push(`owner:${p.kind}:${p.releaseId}`));
    member.on('report:changed', (p: { releaseId: string; kind: string }) => pushed.push(`member:${p.kind}:${p.releaseId}`));
    const row = async () =>
      (await call<{ rows: { id: string; downloads: number }[]; totals: { downloads: number } }>(server.url, 'GET', '/api/client/reports?pageSize=100', { token })).body;
    const before = await row();

    // A mail scanner fetching the e-mail's link: recorded as such, not counted, not pushed.
    const mailLink = service.signedUrl(id, 600, media.id);
    expect((await fetch(`${server.url}${mailLink}`, { headers: { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' } })).status).toBe(200);
    // The journalist downloads from the reading view (the in-app link).
    const inApp = service.signedUrl(id, 600, media.id, 'in_app');
    expect((await fetch(`${server.url}${inApp}`)).status).toBe(200);
    await until(() => pushed.length >= 2);
    // Every member working in the organisation is told, once: a round trip on each socket
    // (ordered after anything already sent to it) shows nothing more was coming.
    await Promise.all([owner, member].map((s) => new Promise((r) => s.emit('ping', r))));
    expect(pushed.sort()).toEqual([`member:download:${releaseId}`, `owner:download:${releaseId}`]);
    const events = (await server.ctx.db('reporting_events')
      .where({ press_release_id: releaseId, kind: 'download', recipient_user_id: media.id })
      .orderBy('id')
      .select('channel', 'is_proxy')) as { channel: string; is_proxy: boolean }[];
    expect(events).toEqual([
      { channel: 'email', is_proxy: true },
      { channel: 'in_app', is_proxy: false },
    ]);
    const after = await row();
    expect(after.totals.downloads).toBe(before.totals.downloads + 1);
    expect(after.rows.find((r) => r.id === releaseId)!.downloads).toBe(before.rows.find((r) => r.id === releaseId)!.downloads + 1);
    owner.close();
    member.close();
  });
});
