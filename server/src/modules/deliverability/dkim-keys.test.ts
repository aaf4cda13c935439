import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DkimKeyError, decryptPrivateKey, domainRecords, encryptPrivateKey, generateDkimKey, spfExpected, type DkimKeyPair } from './dkim-keys';
import { checkDomain, dkimMatches } from './dns-check';
import { ManualDns, TEST_DNS_PATH, dnsFromEnv, testDnsRoute } from './test-dns';
import { systemDns } from './dns';
import { isDomainName, isFreeMailDomain, sendingDomainCreateBody } from '../../../../shared/schemas/sending-domains';

const kek = { id: 'env', key: randomBytes(32) };
const DOMAIN_ID = '6f1c2a52-7d43-4f7e-9a51-3d0f6c1b2a10';
let key: DkimKeyPair;

beforeAll(async () => {
  key = await generateDkimKey();
});

describe('DKIM keys', () => {
  it('are RSA-2048: a PKCS#8 PEM to sign with and the SPKI in base64 for p=', () => {
    expect(key.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    const pub = createPublicKey({ key: Buffer.from(key.publicKeyB64, 'base64'), format: 'der', type: 'spki' });
    expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(createPublicKey(createPrivateKey(key.privateKeyPem)).export({ type: 'spki', format: 'der' }).toString('base64')).toBe(key.publicKeyB64);
  });

  it('are stored as v1:<keyId>:<iv>:<tag>:<ct> with no PEM in it, and open with the same key and row', () => {
    const stored = encryptPrivateKey(kek, DOMAIN_ID, key.privateKeyPem);
    expect(stored).toMatch(/^v1:env:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('PRIVATE KEY');
    expect(Buffer.from(stored.split(':')[4]!, 'base64').toString('latin1')).not.toContain('PRIVATE KEY');
    expect(Buffer.from(stored.split(':')[2]!, 'base64')).toHaveLength(12);
    // A fresh IV each time.
    expect(encryptPrivateKey(kek, DOMAIN_ID, key.privateKeyPem)).not.toBe(stored);
    expect(decryptPrivateKey(kek, DOMAIN_ID, stored)).toBe(key.privateKeyPem);
  });

  it('fail closed: another key, another row (AAD), a changed byte or another format do not open', () => {
    const stored = encryptPrivateKey(kek, DOMAIN_ID, key.privateKeyPem);
    expect(() => decryptPrivateKey({ id: 'env', key: randomBytes(32) }, DOMAIN_ID, stored)).toThrow(DkimKeyError);
    expect(() => decryptPrivateKey({ id: 'other', key: kek.key }, DOMAIN_ID, stored)).toThrow(DkimKeyError);
    expect(() => decryptPrivateKey(kek, '00000000-0000-4000-8000-000000000000', stored)).toThrow(DkimKeyError);
    const parts = stored.split(':');
    const ct = Buffer.from(parts[4]!, 'base64');
    ct[0] = ct[0]! ^ 1;
    expect(() => decryptPrivateKey(kek, DOMAIN_ID, [...parts.slice(0, 4), ct.toString('base64')].join(':'))).toThrow(DkimKeyError);
    expect(() => decryptPrivateKey(kek, DOMAIN_ID, key.privateKeyPem)).toThrow(DkimKeyError);
  });
});

describe('the records shown', () => {
  it('are the exact DKIM TXT, Return-Path CNAME, SPF and DMARC lines', () => {
    const records = domainRecords(
      { domain: 'aigaio-tech.gr', dkimSelector: 'deltio202611', dkimPublicKey: key.publicKeyB64, returnPathHost: 'bounces.aigaio-tech.gr' },
      { bounceDomain: 'bounces.deltio.gr', spfInclude: '_spf.deltio.gr' },
    );
    const by = Object.fromEntries(records.map((r) => [r.kind, r]));
    expect(by.dkim!.line).toBe(`deltio202611._domainkey.aigaio-tech.gr TXT "v=DKIM1; k=rsa; p=${key.publicKeyB64}"`);
    expect(by.dkim!.chunks!.join('')).toBe(`v=DKIM1; k=rsa; p=${key.publicKeyB64}`);
    expect(by.dkim!.chunks!.every((c) => c.length <= 255)).toBe(true);
    expect(by.return_path!.line).toBe('bounces.aigaio-tech.gr CNAME bounces.deltio.gr');
    expect(by.spf!.line).toBe('aigaio-tech.gr TXT "v=spf1 include:_spf.deltio.gr ~all"');
    expect(by.dmarc!.line).toBe('_dmarc.aigaio-tech.gr TXT "v=DMARC1; p=none; rua=mailto:dmarc@aigaio-tech.gr"');
  });

  it('SPF: the include goes into the existing record before its all/redirect, never a second record', () => {
    expect(spfExpected('v=spf1 mx include:_spf.google.com -all', '_spf.deltio.gr')).toBe('v=spf1 mx include:_spf.google.com include:_spf.deltio.gr -all');
    expect(spfExpected('v=spf1   a   redirect=_spf.example.com', '_spf.deltio.gr')).toBe('v=spf1 a include:_spf.deltio.gr redirect=_spf.example.com');
    expect(spfExpected('v=spf1 ip4:192.0.2.1', '_spf.deltio.gr')).toBe('v=spf1 ip4:192.0.2.1 include:_spf.deltio.gr');
    expect(spfExpected('v=spf1 include:_spf.deltio.gr ~all', '_spf.deltio.gr')).toBe('v=spf1 include:_spf.deltio.gr ~all');
    expect(spfExpected(null, '_spf.deltio.gr')).toBe('v=spf1 include:_spf.deltio.gr ~all');
  });
});

describe('the DNS checks (a fake resolver)', () => {
  const d = () => ({ domain: 'aigaio-tech.gr', dkimSelector: 'sel1', dkimPublicKey: key.publicKeyB64, returnPathHost: 'bounces.aigaio-tech.gr' });
  const o = { bounceDomain: 'bounces.deltio.gr', spfInclude: '_spf.deltio.gr' };
  const now = new Date('2026-11-27T08:00:00Z');
  const value = () => `v=DKIM1; k=rsa; p=${key.publicKeyB64}`;

  it('nothing published: every check says missing, with what to publish', async () => {
    const c = await checkDomain(new ManualDns(), d(), o, now);
    expect(c.dkim).toMatchObject({ ok: false, found: null, problem: 'missing', expected: value(), checked_at: now.toISOString() });
    expect(c.spf).toMatchObject({ ok: false, problem: 'missing', expected: 'v=spf1 include:_spf.deltio.gr ~all' });
    expect(c.dmarc).toMatchObject({ ok: false, problem: 'missing' });
    expect(c.return_path).toMatchObject({ ok: false, problem: 'missing', expected: 'bounces.deltio.gr' });
  });

  it('the right DKIM TXT in 255-character chunks, with other spacing, verifies', async () => {
    const dns = new ManualDns();
    const v = value();
    dns.setTxt('sel1._domainkey.aigaio-tech.gr', [[v.slice(0, 255), v.slice(255)]]);
    expect((await checkDomain(dns, d(), o, now)).dkim).toMatchObject({ ok: true, found: v });
    const spaced = `v=DKIM1;k=rsa;  p=${key.publicKeyB64.slice(0, 100)} ${key.publicKeyB64.slice(100)}`;
    dns.setTxt('SEL1._domainkey.aigaio-tech.gr', [[spaced.slice(0, 200), spaced.slice(200)]]);
    expect((await checkDomain(dns, d(), o, now)).dkim.ok).toBe(true);
    expect(dkimMatches(`p=${key.publicKeyB64}`, key.publicKeyB64)).toBe(true);
  });

  it('a wrong key, a truncated key or another key type does not verify, and shows what was found', async () => {
    const other = await generateDkimKey();
    const dns = new ManualDns();
    dns.setTxt('sel1._domainkey.aigaio-tech.gr', [`v=DKIM1; k=rsa; p=${other.publicKeyB64}`]);
    expect((await checkDomain(dns, d(), o, now)).dkim).toMatchObject({ ok: false, problem: 'mismatch', found: `v=DKIM1; k=rsa; p=${other.publicKeyB64}` });
    dns.setTxt('sel1._domainkey.aigaio-tech.gr', [value().slice(0, 255)]);
    expect((await checkDomain(dns, d(), o, now)).dkim.ok).toBe(false);
    dns.setTxt('sel1._domainkey.aigaio-tech.gr', [`v=DKIM1; k=ed25519; p=${key.publicKeyB64}`]);
    expect((await checkDomain(dns, d(), o, now)).dkim.ok).toBe(false);
  });

  it('SPF with the include, one DMARC record and the Return-Path CNAME are all ✓', async () => {
    const dns = new ManualDns();
    dns.setTxt('aigaio-tech.gr', ['google-site-verification=abc', ['v=spf1 mx include:_spf.deltio.gr', ' -all']]);
    dns.setTxt('_dmarc.aigaio-tech.gr', ['v=DMARC1; p=quarantine']);
    dns.setCname('bounces.aigaio-tech.gr', ['Bounces.Deltio.gr.']);
    const c = await checkDomain(dns, d(), o, now);
    expect(c.spf).toMatchObject({ ok: true, found: 'v=spf1 mx include:_spf.deltio.gr -all' });
    expect(c.dmarc).toMatchObject({ ok: true, found: 'v=DMARC1; p=quarantine', expected: 'v=DMARC1; p=quarantine' });
    expect(c.return_path).toMatchObject({ ok: true, found: 'bounces.deltio.gr' });
  });

  it('SPF without the include shows the corrected record; two SPF records are a problem; a CNAME elsewhere is a mismatch', async () => {
    const dns = new ManualDns();
    dns.setTxt('aigaio-tech.gr', ['v=spf1 include:_spf.google.com ~all']);
    dns.setCname('bounces.aigaio-tech.gr', ['mail.example.com']);
    let c = await checkDomain(dns, d(), o, now);
    expect(c.spf).toMatchObject({ ok: false, problem: 'mismatch', expected: 'v=spf1 include:_spf.google.com include:_spf.deltio.gr ~all' });
    expect(c.return_path).toMatchObject({ ok: false, problem: 'mismatch', found: 'mail.example.com' });
    dns.setTxt('aigaio-tech.gr', ['v=spf1 include:_spf.google.com ~all', 'v=spf1 include:_spf.deltio.gr ~all']);
    c = await checkDomain(dns, d(), o, now);
    expect(c.spf).toMatchObject({ ok: false, problem: 'multiple' });
  });

  it('a failing lookup is a dns_error, not a missing record', async () => {
    const broken = { txt: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), cname: () => Promise.resolve([]) };
    const c = await checkDomain(broken, d(), o, now);
    expect(c.dkim).toMatchObject({ ok: false, problem: 'dns_error' });
    expect(c.return_path.problem).toBe('missing');
  });
});

describe('the domain a user adds', () => {
  it('must be a domain name; free-mail domains are recognised', () => {
    expect(sendingDomainCreateBody.safeParse({ domain: ' Aigaio-Tech.GR. ' }).data).toEqual({ domain: 'aigaio-tech.gr' });
    for (const bad of ['localhost', 'aigaio', 'a..gr', '-a.gr', 'a.g', 'a b.gr', 'a.123', 'ελλάδα.gr', 'x'.repeat(64) + '.gr']) {
      expect(sendingDomainCreateBody.safeParse({ domain: bad }).success, bad).toBe(false);
    }
    expect(isDomainName('xn--hxargifdar.xn--qxam')).toBe(true);
    expect(sendingDomainCreateBody.safeParse({ domain: 'a.gr', from_local_part: 'grafeio.typou' }).success).toBe(true);
    expect(sendingDomainCreateBody.safeParse({ domain: 'a.gr', from_local_part: 'press@a.gr' }).success).toBe(false);
    for (const f of ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'mail.yahoo.com']) expect(isFreeMailDomain(f), f).toBe(true);
    expect(isFreeMailDomain('aigaio-tech.gr')).toBe(false);
    expect(isFreeMailDomain('notgmail.com')).toBe(false);
  });
});

describe('the manual resolver is for tests only', () => {
  it('E2E_DNS=manual gives one outside production; production and no flag give none (the system resolver), and no route', () => {
    expect(dnsFromEnv({ NODE_ENV: 'test', E2E_DNS: 'manual' })).toBeInstanceOf(ManualDns);
    expect(dnsFromEnv({ NODE_ENV: 'development', E2E_DNS: 'manual' })).toBeInstanceOf(ManualDns);
    expect(dnsFromEnv({ NODE_ENV: 'production', E2E_DNS: 'manual' })).toBeUndefined();
    expect(dnsFromEnv({ NODE_ENV: 'test' })).toBeUndefined();
    expect(dnsFromEnv({ NODE_ENV: 'test', E2E_DNS: 'yes' })).toBeUndefined();
    expect(testDnsRoute(systemDns())).toBeUndefined();
    expect(TEST_DNS_PATH).toBe('/__test/dns');
  });
});
