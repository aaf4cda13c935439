/**
 * DKIM signing cost on the send path (issue 31).
 *
 * A. CPU alone: nodemailer builds a release-sized message (the real release template, ~8 KB of
 *    HTML and text) into a buffer (streamTransport), unsigned and signed with an RSA-2048 key,
 *    in alternating blocks; µs per mail (mean, p50, p99) and the difference.
 * B. The send path: the real server (startServer, the Mailer with its concurrency, the sender
 *    identity reading the organisation's verified domain and decrypting its key) sends N
 *    e-mails of an organisation to a local SMTP server (the test sink, over TCP), once for an
 *    organisation with a verified sending domain (signed) and once for one without (unsigned,
 *    no PLATFORM_DKIM_*); time from enqueue to the last mail received, ms per mail.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/dkim.bench.ts
 *   MAILS=1000 ROUNDS=3 npx tsx bench/dkim.bench.ts
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { testConfig } from '../server/src/test/app';
import { createLogger } from '../server/src/logger';
import { startServer } from '../server/src/server';
import { createTestDb } from '../server/src/test/db';
import { startSmtp } from '../server/src/test/smtp';
import { releaseMail } from '../server/src/modules/distribution/distribution.email';
import { dkimValue, encryptPrivateKey, generateDkimKey } from '../server/src/modules/deliverability/dkim-keys';
import { ManualDns } from '../server/src/modules/deliverability/test-dns';
import { pct } from './lib/socket-clients';

const N_CPU = Number(process.env.CPU_MAILS ?? 1000);
const MAILS = Number(process.env.MAILS ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const paragraph =
  'Η εταιρεία ανακοινώνει σήμερα νέα συνεργασία με τον Δήμο για την ψηφιακή αναβάθμιση των υπηρεσιών προς τους πολίτες, με έργα που ξεκινούν τον Ιανουάριο. ';
const mail = releaseMail({
  title: 'Νέα συνεργασία για την ψηφιακή αναβάθμιση των δημοτικών υπηρεσιών',
  html: Array.from({ length: 12 }, () => `<p>${paragraph.repeat(3)}<a href="https://example.com/news">Περισσότερα</a></p>`).join(''),
  text: Array.from({ length: 12 }, () => paragraph.repeat(3)).join('\n\n'),
  category: 'tech',
  company: 'Αιγαίο Α.Ε.',
  sentAt: new Date('2026-11-27T08:00:00Z'),
  attachments: [],
  pixelUrl: 'https://deltio.example/t/o/abc',
  embargoUntil: null,
  pressKit: { boilerplate: 'Η Αιγαίο Α.Ε. είναι εταιρεία λογισμικού.', press_contact_name: 'Γραφείο Τύπου', press_contact_email: 'press@aigaio.gr', press_contact_phone: null } as never,
  readInAppUrl: 'https://deltio.example/media/press-releases/1',
  unsubscribeSenderUrl: 'https://deltio.example/u/1?scope=sender',
  unsubscribeAllUrl: 'https://deltio.example/u/1?scope=all',
});

const stats = (xs: number[]) => ({ mean: xs.reduce((a, b) => a + b, 0) / xs.length, p50: pct(xs, 50), p99: pct(xs, 99) });
const us = (n: number) => `${n.toFixed(0).padStart(6)} µs`;

async function cpu(privateKey: string): Promise<void> {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dkim = { domainName: 'aigaio-tech.gr', keySelector: 'deltio202611', privateKey };
  const one = async (signed: boolean) => {
    const at = performance.now();
    await t.sendMail({
      from: '"Αιγαίο Α.Ε." <press@aigaio-tech.gr>',
      to: 'journalist@media.example',
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { 'List-Unsubscribe': '<https://deltio.example/api/unsubscribe/x/one-click>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      ...(signed ? { dkim } : {}),
    });
    return (performance.now() - at) * 1000;
  };
  for (let i = 0; i < 50; i++) await one(i % 2 === 0); // warm-up
  const plain: number[] = [];
  const signed: number[] = [];
  for (let block = 0; block < N_CPU / 50; block++) {
    for (let i = 0; i < 50; i++) (block % 2 ? signed : plain).push(await one(block % 2 === 1));
  }
  const p = stats(plain);
  const s = stats(signed);
  console.log(`A. build one release e-mail (${Math.round((mail.html.length + mail.text.length) / 1024)} KB html+text), ${plain.length} each`);
  console.log(`   unsigned  mean ${us(p.mean)}  p50 ${us(p.p50)}  p99 ${us(p.p99)}`);
  console.log(`   signed    mean ${us(s.mean)}  p50 ${us(s.p50)}  p99 ${us(s.p99)}`);
  console.log(`   DKIM cost mean ${us(s.mean - p.mean)}  p50 ${us(s.p50 - p.p50)} per mail`);
}

async function sendPath(privateKeyPem: string, publicKeyB64: string): Promise<void> {
  const smtp = await startSmtp();
  const testDb = await createTestDb();
  const config = testConfig(testDb, { SMTP_URL: smtp.url, LOG_LEVEL: 'error' });
  // The domain's DKIM record as published (the daily re-check runs at start and must find it).
  const dns = new ManualDns();
  dns.setTxt('deltio202611._domainkey.aigaio-tech.gr', [dkimValue(publicKeyB64)]);
  const server = await startServer({ config, db: testDb.db, logger: createLogger(config), dns });
  const { db } = server.ctx;
  try {
    const org = async (name: string) => ((await db('organisations').insert({ name, status: 'approved' }).returning('id')) as { id: string }[])[0]!.id;
    const signedOrg = await org('Υπογεγραμμένη Α.Ε.');
    const plainOrg = await org('Απλή Α.Ε.');
    const id = randomUUID();
    await db('sending_domains').insert({
      id,
      organisation_id: signedOrg,
      domain: 'aigaio-tech.gr',
      dkim_selector: 'deltio202611',
      dkim_public_key: publicKeyB64,
      dkim_private_key_enc: encryptPrivateKey(config.deliverability.keyEncryptionKey, id, privateKeyPem),
      key_id: config.deliverability.keyEncryptionKey.id,
      return_path_host: 'bounces.aigaio-tech.gr',
      status: 'verified',
      verified_at: new Date(),
    });
    const run = async (organisationId: string, tag: string) => {
      const subject = `${mail.subject} ${tag}`;
      const at = performance.now();
      await server.ctx.mailer.enqueueMany(
        Array.from({ length: MAILS }, (_, i) => ({ to: `j${i}@media.example`, subject, html: mail.html, text: mail.text, organisationId, purpose: 'release' as const })),
      );
      server.ctx.mailer.kick();
      await smtp.waitUntil((m) => m.filter((x) => x.subject === subject).length >= MAILS, 600_000);
      const elapsed = performance.now() - at;
      const got = smtp.mails.filter((x) => x.subject === subject);
      const signed = got.filter((x) => /d=aigaio-tech\.gr/.test(x.headers['dkim-signature'] ?? '')).length;
      smtp.mails.length = 0;
      return { elapsed, signed };
    };
    await run(plainOrg, 'warm');
    const plain: number[] = [];
    const signed: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const a = await run(plainOrg, `plain ${r}`);
      const b = await run(signedOrg, `signed ${r}`);
      if (a.signed !== 0 || b.signed !== MAILS) throw new Error(`signing not as expected: ${a.signed} / ${b.signed}`);
      plain.push(a.elapsed);
      signed.push(b.elapsed);
    }
    const per = (xs: number[]) => (xs.reduce((x, y) => x + y, 0) / xs.length / MAILS) * 1000;
    console.log(`B. send path: ${MAILS} e-mails of one organisation → local SMTP over TCP (mailer concurrency 5), ${ROUNDS} rounds`);
    console.log(`   unsigned  ${plain.map((x) => `${x.toFixed(0)} ms`).join(', ')}  → ${us(per(plain))} per mail`);
    console.log(`   signed    ${signed.map((x) => `${x.toFixed(0)} ms`).join(', ')}  → ${us(per(signed))} per mail`);
    console.log(`   DKIM cost ${us(per(signed) - per(plain))} per mail (wall clock, 5 in flight)`);
  } finally {
    await server.close();
    await testDb.destroy();
    await smtp.close();
  }
}

const key = await generateDkimKey();
await cpu(key.privateKeyPem);
await sendPath(key.privateKeyPem, key.publicKeyB64);
process.exit(0);
