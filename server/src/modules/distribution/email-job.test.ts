import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { EMAIL_RENDER_CHUNK, writeReleaseEmails } from './distribution.service';
import { insertRelease } from './org-fixtures';

/**
 * The e-mail job of a send (writeReleaseEmails) renders the personalised e-mails in chunks and
 * writes each chunk to the outbox before rendering the next, so the event loop is free between
 * chunks (a send to 10,000 held it for seconds in one piece), still in one transaction and
 * still once per delivery.
 */
let server: TestServer;
let releaseId: string;
const RECIPIENTS = EMAIL_RENDER_CHUNK * 2 + 7;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const { id: clientId } = await signUp(server.url, 'sender@chunks.test', 'client');
  await db('profiles').where('user_id', clientId).update({ status: 'approved' });
  const token = (await signIn(server.url, 'sender@chunks.test')).access_token;
  const orgId = ((await db('organisation_members').where({ user_id: clientId, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
  await db('organisations').where('id', orgId).update({ name: 'Τμήματα Α.Ε.', status: 'approved' });
  const users = (await db('users')
    .insert(Array.from({ length: RECIPIENTS }, (_, i) => ({ email: `j${i}@chunks.test` })))
    .returning(['id', 'email'])) as { id: string; email: string }[];
  await db('profiles').insert(users.map((u) => ({ user_id: u.id, email: u.email, name: u.email, role: 'media', status: 'approved' })));
  await db('media_lists').insert(users.map((u) => ({ category: 'tech', media_id: u.id })));
  releaseId = await insertRelease(db, orgId, clientId, 'Σε τμήματα');
  // The job does not run by itself here: the test runs it, with a mailer that notes each write.
  await server.ctx.jobs.stop();
  const r = await call(server.url, 'POST', `/api/releases/${releaseId}/send`, { token });
  expect(r.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('the e-mail job of a send', () => {
  it('writes the e-mails chunk by chunk, each delivery once, and nothing on a second run', async () => {
    const writes: number[] = [];
    const mailer = Object.create(server.ctx.mailer) as AppContext['mailer'];
    mailer.enqueueMany = (msgs: MailMessage[], trx) => {
      writes.push(msgs.length);
      return server.ctx.mailer.enqueueMany(msgs, trx);
    };
    const ctx = Object.create(server.ctx, { mailer: { value: mailer } }) as AppContext;
    const base = 'http://chunks.test';

    expect(await writeReleaseEmails(ctx, releaseId, base)).toBe(RECIPIENTS);
    expect(writes).toEqual([EMAIL_RENDER_CHUNK, EMAIL_RENDER_CHUNK, 7]);
    const outbox = (await server.ctx.db('mail_outbox as m')
      .join('deliveries as d', 'd.id', 'm.related_delivery_id')
      .where('d.press_release_id', releaseId)
      .select('d.id')) as { id: string }[];
    expect(new Set(outbox.map((o) => o.id)).size).toBe(RECIPIENTS);
    expect(outbox).toHaveLength(RECIPIENTS);
    const audits = await server.ctx.db('audit_logs').where({ action_type: 'email.sent', entity_id: releaseId });
    expect(audits).toHaveLength(1);

    writes.length = 0;
    expect(await writeReleaseEmails(ctx, releaseId, base)).toBe(0);
    expect(writes).toEqual([]);
  });
});
