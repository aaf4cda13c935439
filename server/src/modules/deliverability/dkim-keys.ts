import { createCipheriv, createDecipheriv, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { DnsRecord } from '../../../../shared/schemas/sending-domains';

const generate = promisify(generateKeyPair);

/** An RSA-2048 key pair: the PKCS#8 PEM we sign with, the SPKI DER in base64 for `p=`. */
export interface DkimKeyPair {
  privateKeyPem: string;
  publicKeyB64: string;
}

export async function generateDkimKey(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyB64: publicKey.toString('base64') };
}

/** The key-encryption key of config.deliverability (DKIM_KEY_ENCRYPTION_KEY). */
export interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

export class DkimKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DkimKeyError';
  }
}

const b64 = (b: Buffer) => b.toString('base64');

/**
 * The private key at rest: AES-256-GCM under the key-encryption key, a random 12-byte IV,
 * the domain's id as additional data (a ciphertext moved to another row does not open):
 * `v1:<keyId>:<iv>:<tag>:<ciphertext>`, base64 parts.
 */
export function encryptPrivateKey(kek: KeyEncryptionKey, domainId: string, pem: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek.key, iv);
  cipher.setAAD(Buffer.from(domainId, 'utf8'));
  const ct = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return ['v1', kek.id, b64(iv), b64(cipher.getAuthTag()), b64(ct)].join(':');
}

/** The PEM back; throws DkimKeyError on any mismatch (another key, another row, a changed byte). */
export function decryptPrivateKey(kek: KeyEncryptionKey, domainId: string, stored: string): string {
  const parts = stored.split(':');
  if (parts.length !== 5 || parts[0] !== 'v1') throw new DkimKeyError('unknown key format');
  const [, keyId, iv, tag, ct] = parts as [string, string, string, string, string];
  if (keyId !== kek.id) throw new DkimKeyError(`the key was encrypted with key '${keyId}', not '${kek.id}'`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(domainId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new DkimKeyError('the key does not decrypt (wrong key or altered ciphertext)');
  }
}

/** A selector per key: `deltio<yyyymm>` of its creation (a new key later gets a new name). */
export function dkimSelector(now: Date): string {
  return `deltio${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A TXT value in strings of at most 255 characters (one DNS character-string each). */
export function txtChunks(value: string, size = 255): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += size) out.push(value.slice(i, i + size));
  return out;
}

export const dkimName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dkimValue = (publicKeyB64: string) => `v=DKIM1; k=rsa; p=${publicKeyB64}`;
export const dmarcName = (domain: string) => `_dmarc.${domain}`;
export const dmarcValue = (domain: string) => `v=DMARC1; p=none; rua=mailto:dmarc@${domain}`;
export const returnPathHostOf = (domain: string) => `bounces.${domain}`;

/** The tokens of an SPF record (`v=spf1` first). */
const spfTerms = (record: string) => record.trim().split(/\s+/).filter(Boolean);

/**
 * The SPF record the domain needs: its existing `v=spf1` record with `include:<spfInclude>`
 * added before the final `all` / `redirect=` (never a second record), or a new one.
 */
export function spfExpected(existing: string | null, spfInclude: string): string {
  const include = `include:${spfInclude}`;
  if (!existing) return `v=spf1 ${include} ~all`;
  const terms = spfTerms(existing);
  if (terms.some((t) => t.toLowerCase() === include || t.toLowerCase() === `+${include}`)) return terms.join(' ');
  const tail = terms.findIndex((t, i) => i > 0 && (/^[-~?+]?all$/i.test(t) || /^redirect=/i.test(t)));
  const at = tail < 0 ? terms.length : tail;
  return [...terms.slice(0, at), include, ...terms.slice(at)].join(' ');
}

export function spfIncludes(record: string, spfInclude: string): boolean {
  const include = `include:${spfInclude}`;
  return spfTerms(record).some((t) => t.toLowerCase() === include || t.toLowerCase() === `+${include}`);
}

const quoted = (v: string) => `"${v}"`;

export interface DomainRecordInput {
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
  returnPathHost: string;
  /** What the last check found, to build the corrected SPF record and to leave an existing DMARC alone. */
  spfFound?: string | null;
  dmarcFound?: string | null;
}

/** The records to publish, exactly as the screen shows them (copyable). */
export function domainRecords(d: DomainRecordInput, o: { bounceDomain: string; spfInclude: string }): DnsRecord[] {
  const dkim = dkimValue(d.dkimPublicKey);
  const spf = spfExpected(d.spfFound ?? null, o.spfInclude);
  const records: DnsRecord[] = [
    {
      kind: 'dkim',
      type: 'TXT',
      name: dkimName(d.dkimSelector, d.domain),
      value: dkim,
      line: `${dkimName(d.dkimSelector, d.domain)} TXT ${quoted(dkim)}`,
      chunks: txtChunks(dkim),
      required: true,
    },
    {
      kind: 'return_path',
      type: 'CNAME',
      name: d.returnPathHost,
      value: o.bounceDomain,
      line: `${d.returnPathHost} CNAME ${o.bounceDomain}`,
      required: false,
    },
    { kind: 'spf', type: 'TXT', name: d.domain, value: spf, line: `${d.domain} TXT ${quoted(spf)}`, required: false },
  ];
  const dmarc = d.dmarcFound ?? dmarcValue(d.domain);
  records.push({ kind: 'dmarc', type: 'TXT', name: dmarcName(d.domain), value: dmarc, line: `${dmarcName(d.domain)} TXT ${quoted(dmarc)}`, required: false });
  return records;
}
