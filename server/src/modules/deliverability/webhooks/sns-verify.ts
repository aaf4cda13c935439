import { X509Certificate, createVerify, type KeyObject } from 'node:crypto';
import type { Clock } from '../../../clock';
import type { OutboundFetch } from '../dns';
import { WebhookRefusal } from './refusal';

/**
 * Amazon SNS message signatures, on node:crypto (docs.aws.amazon.com/sns "Verifying the
 * signatures of Amazon SNS messages"): the listed fields in order as `Key\nValue\n`, signed
 * with RSA-SHA1 (SignatureVersion 1) or RSA-SHA256 (2) by the key of the certificate at
 * SigningCertURL. The certificate is trusted because it comes over HTTPS from SNS's own host
 * (`sns.<region>.amazonaws.com`, as sns-validator and sns-payload-validator pin it); it is
 * fetched through the injected fetch and kept. Messages older than an hour are refused.
 */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string | null;
  SubscribeURL?: string;
  Token?: string;
  UnsubscribeURL?: string;
}

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_KEYS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;
const ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };
export const SNS_MAX_AGE_MS = 60 * 60_000;
const CACHE_MAX = 16;
const CACHE_MS = 24 * 60 * 60_000;
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** The text SNS signed: each present field of the message type's list as `Key\nValue\n`. */
export function snsStringToSign(m: SnsMessage): string {
  const keys = m.Type === 'Notification' ? NOTIFICATION_KEYS : SUBSCRIPTION_KEYS;
  let out = '';
  for (const k of keys) {
    const v = m[k];
    // Subject is signed only when the message has one.
    if (v === undefined || v === null) continue;
    out += `${k}\n${v}\n`;
  }
  return out;
}

/** An URL on SNS's own host: https, `sns.<region>.amazonaws.com` (or `.com.cn`), no port, no credentials. */
export function isSnsUrl(raw: string, pathEnding?: string): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.port !== '' || u.username !== '' || u.password !== '') return false;
  if (!SNS_HOST.test(u.hostname)) return false;
  return pathEnding === undefined || u.pathname.endsWith(pathEnding);
}

export class SnsVerifier {
  private readonly certs = new Map<string, { at: number; key: KeyObject }>();

  constructor(
    private readonly fetch: OutboundFetch,
    private readonly clock: Clock,
  ) {}

  /** Throws a WebhookRefusal unless the message is SNS's own, signed and recent. */
  async verify(m: SnsMessage): Promise<void> {
    const algorithm = ALGORITHMS[m.SignatureVersion];
    if (!algorithm) throw new WebhookRefusal(403, 'unsupported_signature_version', `SignatureVersion ${m.SignatureVersion} is not supported`);
    if (!isSnsUrl(m.SigningCertURL, '.pem')) throw new WebhookRefusal(403, 'untrusted_certificate_url', 'SigningCertURL is not an SNS certificate');
    const at = Date.parse(m.Timestamp);
    if (!Number.isFinite(at)) throw new WebhookRefusal(400, 'invalid_timestamp', 'Timestamp is not a date');
    const now = this.clock.now().getTime();
    // Older than an hour: a replay. A little ahead is the sender's clock; far ahead is not SNS.
    if (now - at > SNS_MAX_AGE_MS || at - now > 15 * 60_000) throw new WebhookRefusal(403, 'stale_timestamp', 'The message is too old');
    const key = await this.certificate(m.SigningCertURL);
    const ok = createVerify(algorithm).update(snsStringToSign(m), 'utf8').verify(key, m.Signature, 'base64');
    if (!ok) throw new WebhookRefusal(403, 'invalid_signature', 'The signature does not match');
  }

  private async certificate(url: string): Promise<KeyObject> {
    const now = this.clock.now().getTime();
    const hit = this.certs.get(url);
    if (hit && Math.abs(now - hit.at) < CACHE_MS) return hit.key;
    let pem: string;
    try {
      const res = await this.fetch(url);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      pem = await res.text();
    } catch (err) {
      throw new WebhookRefusal(502, 'certificate_unavailable', `The signing certificate could not be fetched: ${(err as Error).message}`);
    }
    let key: KeyObject;
    try {
      key = new X509Certificate(pem).publicKey;
    } catch {
      throw new WebhookRefusal(403, 'invalid_certificate', 'The signing certificate is not a certificate');
    }
    if (this.certs.size >= CACHE_MAX) this.certs.delete(this.certs.keys().next().value!);
    this.certs.set(url, { at: now, key });
    return key;
  }
}
