/**
 * Sending domains end to end: an organisation adds its domain, publishes the records (a fake
 * resolver), verifies it, and its release mail arrives at a real SMTP sink from its own
 * address, DKIM-signed d=its domain (checked with mailauth against the published key), bounces
 * going to bounces.<domain> only once that CNAME verified. Unverified, failed at the daily
 * re-check, or with a key that does not decrypt, mail goes with the platform identity.
 */
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendingDomain, SendingDomainsResponse } from '../../../../shared/schemas/sending-domains';
import { athensDay } from '../../jobs/calendar';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp';
import { insertJournalist, insertMember, tokenOf } from '../distribution/org-fixtures';
import { encryptPrivateKey, generateDkimKey } from './dkim-keys';
import { RECHECK_JOB } from './sending-domains.service';
import { ManualDns } from './test-dns';

const DOMAIN = 'aigaio-tech.gr';
const BOUNCE_DOMAIN = 'bounces.deltio.test';

let server: TestServer;
let smtp: TestSmtp;
const dns = new ManualDns();
let owner: { id: string; token: string };
let editorToken: string;
let orgId: string;
let releaseNo = 0;

const api = <T>(method: string, path: string, token = owner.token, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const domains = (token = owner.token) => api<SendingDomainsResponse>('GET', `/organisations/${orgId}/sending-domains`, token);

/** Sends a new release of the organisation to the journalist; the mail that arrives. */
async function sendRelease(organisationId = orgId, token = owner.token, authorId = owner.id): Promise<ReceivedMail> {
  const title = `Δελτίο ${++releaseNo}`;
  const [r] = (await server.ctx.db('press_releases')
    .insert({
      title,
      content: `<p>Κείμενο του δελτίου ${releaseNo}.</p>`,
      content_text: `Κείμενο του δελτίου ${releaseNo}.`,
      search_text: 'κειμενο',
      category: 'tech',
      media_list_categories: ['tech'],
      organisation_id: organisationId,
      author_id: authorId,
    })
    .returning('id')) as { id: string }[];
  const sent = await call(server.url, 'POST', `/api/releases/${r!.id}/send`, { token });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mails = await smtp.waitUntil((m) => m.some((x) => x.subject.includes(title)), 20_000);
  return mails.find((x) => x.subject.includes(title))!;
}

/** mailauth's resolver: what the fake DNS publishes. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT') {
    const r = await dns.txt(name);
    if (!r.length) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return r;
  }
  throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
};

const dkimDomainOf = (m: ReceivedMail) => /\bd=([^;\s]+)/.exec(m.headers['dkim-signature'] ?? '')?.[1];

async function audit(action: string) {
  return (await server.ctx.db('audit_logs').where('action_type', action).orderBy('created_at').select('entity_id', 'metadata', 'actor_role')) as {
    entity_id: string;
    metadata: Record<string, unknown>;
    actor_role: string;
  }[];
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, BOUNCE_DOMAIN, SPF_INCLUDE: '_spf.deltio.test' }, { dns });
  const { id } = await signUp(server.url, 'owner@aigaio.test', 'client');
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  owner = { id, token: (await signIn(server.url, 'owner@aigaio.test')).access_token };
  const db = server.ctx.db;
  orgId = ((await db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
  await db('organisations').where('id', orgId).update({ name: 'Αιγαίο Α.Ε.', status: 'approved', press_contact_email: 'grafeio@aigaio.test' });
  await insertMember(db, orgId, 'editor@aigaio.test', 'editor');
  editorToken = await tokenOf(server.url, 'editor@aigaio.test');
  await insertJournalist(db, 'journalist@media.test', ['tech']);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('adding a sending domain', () => {
  it('refuses what is not a domain, free-mail domains and non-admins', async () => {
    const bad = await api<{ error: { code: string; fields: Record<string, string> } }>('POST', `/organisations/${orgId}/sending-domains`, owner.token, { domain: 'not a domain' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.domain).toBeTruthy();
    for (const free of ['gmail.com', 'Yahoo.com', 'hotmail.com', 'outlook.com']) {
      const r = await api<{ error: { code: string; message: string } }>('POST', `/organisations/${orgId}/sending-domains`, owner.token, { domain: free });
      expect(r.status, free).toBe(422);
      expect(r.body.error.code).toBe('free_mail_domain');
      expect(r.body.error.message).toMatch(/δωρεάν/);
    }
    const editor = await api('POST', `/organisations/${orgId}/sending-domains`, editorToken, { domain: DOMAIN });
    expect(editor.status).toBe(403);
    expect((await domains()).body.domains).toEqual([]);
  });

  it('an admin adds one: pending, its key generated, the records to publish; members read it; audited', async () => {
    const r = await api<SendingDomain>('POST', `/organisations/${orgId}/sending-domains`, owner.token, { domain: 'AIGAIO-tech.gr' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ domain: DOMAIN, status: 'pending', from_address: `press@${DOMAIN}`, return_path_host: `bounces.${DOMAIN}`, in_use: false });
    const dkim = r.body.records.find((x) => x.kind === 'dkim')!;
    expect(dkim.line).toMatch(new RegExp(`^${r.body.dkim_selector}\\._domainkey\\.aigaio-tech\\.gr TXT "v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}"$`));
    expect(r.body.records.find((x) => x.kind === 'return_path')!.line).toBe(`bounces.${DOMAIN} CNAME ${BOUNCE_DOMAIN}`);
    const row = (await server.ctx.db('sending_domains').where('id', r.body.id).first()) as { dkim_private_key_enc: string; key_id: string };
    expect(row.dkim_private_key_enc).toMatch(/^v1:jwt:/);
    expect(row.dkim_private_key_enc).not.toContain('PRIVATE KEY');
    // Twice is refused.
    expect((await api('POST', `/organisations/${orgId}/sending-domains`, owner.token, { domain: DOMAIN })).status).toBe(409);
    const read = await domains(editorToken);
    expect(read.status).toBe(200);
    expect(read.body.domains.map((d) => d.domain)).toEqual([DOMAIN]);
    expect((await audit('sending_domain.added')).map((a) => a.metadata)).toEqual([{ organisation_id: orgId, domain: DOMAIN }]);
    // An editor can neither check nor remove it.
    expect((await api('POST', `/organisations/${orgId}/sending-domains/${r.body.id}/verify`, editorToken)).status).toBe(403);
    expect((await api('DELETE', `/organisations/${orgId}/sending-domains/${r.body.id}`, editorToken)).status).toBe(403);
  });
});

describe('mail of the organisation', () => {
  let domain: SendingDomain;
  const dkimValue = () => domain.records.find((r) => r.kind === 'dkim')!.value;
  const verify = () => api<SendingDomain>('POST', `/organisations/${orgId}/sending-domains/${domain.id}/verify`);

  beforeAll(async () => {
    domain = (await domains()).body.domains[0]!;
  });

  it('unverified: from the platform address with the organisation as the name, Reply-To the press contact, bounces to BOUNCE_DOMAIN', async () => {
    const check = await verify();
    expect(check.status).toBe(200);
    expect(check.body.status).toBe('pending');
    expect(check.body.checks.dkim).toMatchObject({ ok: false, problem: 'missing' });
    const mail = await sendRelease();
    const parsed = await simpleParser(mail.raw);
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Αιγαίο Α.Ε.', address: 'no-reply@deltio.gr' });
    expect(parsed.replyTo?.value[0]?.address).toBe('grafeio@aigaio.test');
    expect(dkimDomainOf(mail)).not.toBe(DOMAIN);
    expect(mail.mailFrom).toMatch(new RegExp(`^bounce\\+[0-9a-z]+\\.[0-9a-f]{16}@${BOUNCE_DOMAIN.replace(/\./g, '\\.')}$`));
  });

  it('a wrong DKIM record does not verify; the right one in chunks does, and the mail is signed d=<domain> and passes DKIM', async () => {
    const other = await generateDkimKey();
    dns.setTxt(`${domain.dkim_selector}._domainkey.${DOMAIN}`, [`v=DKIM1; k=rsa; p=${other.publicKeyB64}`]);
    expect((await verify()).body).toMatchObject({ status: 'pending', checks: { dkim: { ok: false, problem: 'mismatch' } } });
    const v = dkimValue();
    dns.setTxt(`${domain.dkim_selector}._domainkey.${DOMAIN}`, [[v.slice(0, 255), v.slice(255)]]);
    const ok = await verify();
    expect(ok.body).toMatchObject({ status: 'verified', in_use: true, checks: { dkim: { ok: true }, return_path: { ok: false } } });
    expect((await audit('sending_domain.verified')).map((a) => a.entity_id)).toEqual([domain.id]);

    const mail = await sendRelease();
    const parsed = await simpleParser(mail.raw);
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Αιγαίο Α.Ε.', address: `press@${DOMAIN}` });
    expect(dkimDomainOf(mail)).toBe(DOMAIN);
    expect(mail.headers['dkim-signature']).toContain(`s=${domain.dkim_selector}`);
    const result = await dkimVerify(mail.raw, { resolver });
    expect(result.results.map((r) => [r.signingDomain, r.status.result])).toContainEqual([DOMAIN, 'pass']);
    // One-click unsubscribe counts only when both of its headers are signed (RFC 8058 §4).
    const signed = /\bh=([^;]+)/.exec(mail.headers['dkim-signature']!.replace(/\s+/g, ''))![1]!.toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'from', 'subject']));
    // A changed body fails.
    const tampered = mail.raw.replace(/Κείμενο|=CE=9A/, (m) => (m === 'Κείμενο' ? 'Kείμενο' : '=CE=9B'));
    expect(tampered).not.toBe(mail.raw);
    const bad = (await dkimVerify(tampered, { resolver })).results.find((r) => r.signingDomain === DOMAIN)!;
    // mailauth answers a body that does not match its hash with neutral (RFC 6376 6.3: not a pass).
    expect(bad.status).toMatchObject({ result: 'neutral', comment: 'body hash did not verify' });
    // A changed signed header fails the signature itself.
    const retitled = mail.raw.replace(/\r?\nSubject: /i, (m) => `${m}RE: `);
    expect(retitled).not.toBe(mail.raw);
    expect((await dkimVerify(retitled, { resolver })).results.find((r) => r.signingDomain === DOMAIN)?.status.result).toBe('fail');
    // The Return-Path CNAME is not there yet: bounces still go to the platform's host.
    expect(mail.mailFrom.endsWith(`@${BOUNCE_DOMAIN}`)).toBe(true);
  });

  it('once the Return-Path CNAME verifies, the envelope uses bounces.<domain>', async () => {
    dns.setCname(`bounces.${DOMAIN}`, [`${BOUNCE_DOMAIN}.`]);
    // The domain's own SPF record (without our include) and an existing DMARC policy.
    dns.setTxt(DOMAIN, ['v=spf1 include:_spf.google.com ~all']);
    dns.setTxt(`_dmarc.${DOMAIN}`, ['v=DMARC1; p=reject']);
    const checked = (await verify()).body;
    expect(checked.checks.return_path).toMatchObject({ ok: true });
    expect(checked.checks.spf).toMatchObject({ ok: false, problem: 'mismatch', found: 'v=spf1 include:_spf.google.com ~all' });
    // The SPF record shown is that record corrected, never a second one; an existing DMARC is left as it is.
    expect(checked.records.find((r) => r.kind === 'spf')!.line).toBe(`${DOMAIN} TXT "v=spf1 include:_spf.google.com include:_spf.deltio.test ~all"`);
    expect(checked.records.find((r) => r.kind === 'dmarc')!.value).toBe('v=DMARC1; p=reject');
    expect(checked.checks.dmarc).toMatchObject({ ok: true });
    const mail = await sendRelease();
    expect(mail.mailFrom).toMatch(new RegExp(`^bounce\\+[0-9a-z]+\\.[0-9a-f]{16}@bounces\\.aigaio-tech\\.gr$`));
    expect(dkimDomainOf(mail)).toBe(DOMAIN);
  });

  it('the test e-mail of a release goes from the organisation as well', async () => {
    const [r] = (await server.ctx.db('press_releases')
      .insert({ title: 'Δοκιμή', content: '<p>Δοκιμή</p>', content_text: 'Δοκιμή', search_text: 'δοκιμη', category: 'tech', media_list_categories: ['tech'], organisation_id: orgId, author_id: owner.id })
      .returning('id')) as { id: string }[];
    const t = await api<{ id: number }>('POST', `/releases/${r!.id}/test-email`);
    expect(t.status).toBe(201);
    const mails = await smtp.waitUntil((m) => m.some((x) => x.to.includes('owner@aigaio.test') && x.subject.startsWith('[ΔΟΚΙΜΗ]')));
    const mail = mails.find((x) => x.to.includes('owner@aigaio.test') && x.subject.startsWith('[ΔΟΚΙΜΗ]'))!;
    expect(dkimDomainOf(mail)).toBe(DOMAIN);
    expect((await simpleParser(mail.raw)).from?.value[0]?.address).toBe(`press@${DOMAIN}`);
  });

  it('the daily re-check (a durable job) finds the DKIM record gone: failed, audited, mail falls back to the platform identity', async () => {
    // The process scheduled today's re-check at its first poll (one per Athens day, any process).
    const today = (await server.ctx.db('jobs').where('kind', RECHECK_JOB).select('dedupe_key')) as { dedupe_key: string }[];
    expect(today.map((j) => j.dedupe_key)).toEqual([`${RECHECK_JOB}:${athensDay(server.ctx.clock.now())}`]);
    dns.setTxt(`${domain.dkim_selector}._domainkey.${DOMAIN}`, []);
    await server.ctx.jobs.schedule(RECHECK_JOB, {}, { runAt: server.ctx.clock.now() });
    await server.ctx.jobs.drain();
    const after = (await domains()).body.domains[0]!;
    expect(after).toMatchObject({ status: 'failed', in_use: false, checks: { dkim: { ok: false, problem: 'missing' } } });
    const failed = await audit('sending_domain.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ entity_id: domain.id, actor_role: 'system' });
    const mail = await sendRelease();
    expect((await simpleParser(mail.raw)).from?.value[0]?.address).toBe('no-reply@deltio.gr');
    expect(dkimDomainOf(mail)).not.toBe(DOMAIN);
    expect(mail.mailFrom.endsWith(`@${BOUNCE_DOMAIN}`)).toBe(true);
  });

  it('removed: gone from the list, audited', async () => {
    expect((await api('DELETE', `/organisations/${orgId}/sending-domains/${domain.id}`)).status).toBe(204);
    expect((await domains()).body.domains).toEqual([]);
    expect((await audit('sending_domain.removed')).map((a) => a.entity_id)).toEqual([domain.id]);
    expect((await api('DELETE', `/organisations/${orgId}/sending-domains/${domain.id}`)).status).toBe(404);
  });
});

describe('a key that does not decrypt', () => {
  it('fails closed: logged, not used for signing, and the mail still goes with the platform identity', async () => {
    const db = server.ctx.db;
    const [org] = (await db('organisations').insert({ name: 'Κλειδί Ο.Ε.', status: 'approved' }).returning('id')) as { id: string }[];
    const member = await insertMember(db, org!.id, 'sender@kleidi.test', 'owner');
    const token = await tokenOf(server.url, 'sender@kleidi.test');
    const key = await generateDkimKey();
    const id = '0b5d1c3e-1111-4a2b-8c3d-2e4f5a6b7c8d';
    // Encrypted under another key-encryption key (a rotated or wrong DKIM_KEY_ENCRYPTION_KEY).
    const wrong = encryptPrivateKey({ id: 'jwt', key: randomBytes(32) }, id, key.privateKeyPem);
    await db('sending_domains').insert({
      id,
      organisation_id: org!.id,
      domain: 'kleidi.gr',
      dkim_selector: 's1',
      dkim_public_key: key.publicKeyB64,
      dkim_private_key_enc: wrong,
      key_id: 'jwt',
      return_path_host: 'bounces.kleidi.gr',
      status: 'verified',
      verified_at: new Date(),
      checks: JSON.stringify({ return_path: { ok: true, found: BOUNCE_DOMAIN, expected: BOUNCE_DOMAIN, checked_at: new Date().toISOString() } }),
    });
    const errors: unknown[] = [];
    const original = server.ctx.logger.error.bind(server.ctx.logger);
    server.ctx.logger.error = ((obj: unknown, msg?: string) => {
      errors.push([obj, msg]);
      return original(obj as object, msg);
    }) as typeof server.ctx.logger.error;
    try {
      const mail = await sendRelease(org!.id, token, member);
      const parsed = await simpleParser(mail.raw);
      expect(parsed.from?.value[0]).toMatchObject({ name: 'Κλειδί Ο.Ε.', address: 'no-reply@deltio.gr' });
      expect(dkimDomainOf(mail)).not.toBe('kleidi.gr');
      expect(mail.mailFrom.endsWith(`@${BOUNCE_DOMAIN}`)).toBe(true);
      expect(errors.some((e) => String((e as unknown[])[1]).includes('does not decrypt'))).toBe(true);
    } finally {
      server.ctx.logger.error = original;
    }
  });
});
