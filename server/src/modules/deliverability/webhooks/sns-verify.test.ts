import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../clock';
import type { OutboundFetch } from '../dns';
import { testSigner } from './sns.fixtures';
import { isSnsUrl, SnsVerifier, snsStringToSign, type SnsMessage } from './sns-verify';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem';
const signer = testSigner();

function notification(over: Partial<SnsMessage> = {}) {
  return {
    Type: 'Notification',
    MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
    TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-bounces',
    Subject: 'Amazon SES Email Event Notification',
    Message: '{"notificationType":"Bounce"}',
    Timestamp: NOW.toISOString(),
    SigningCertURL: CERT_URL,
    ...over,
  };
}

function verifier(clock = new TestClock(NOW)) {
  const fetched: string[] = [];
  const fetch: OutboundFetch = (url) => {
    fetched.push(url);
    return Promise.resolve(url === CERT_URL ? { status: 200, text: () => Promise.resolve(signer.certPem) } : { status: 404, text: () => Promise.resolve('') });
  };
  return { v: new SnsVerifier(fetch, clock), fetched, clock };
}

describe('SNS signature verification', () => {
  it('signs the fields of the message type in order, Subject only when present', () => {
    const n = { ...notification(), Signature: '', SignatureVersion: '1' } as SnsMessage;
    expect(snsStringToSign(n)).toBe(
      `Message\n{"notificationType":"Bounce"}\nMessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\nSubject\nAmazon SES Email Event Notification\nTimestamp\n${NOW.toISOString()}\nTopicArn\narn:aws:sns:eu-west-1:123456789012:ses-bounces\nType\nNotification\n`,
    );
    expect(snsStringToSign({ ...n, Subject: undefined })).not.toContain('Subject');
    const sub = { ...n, Type: 'SubscriptionConfirmation', Subject: 'ignored', SubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription', Token: 'tok' };
    expect(snsStringToSign(sub)).toBe(
      `Message\n{"notificationType":"Bounce"}\nMessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\nSubscribeURL\nhttps://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription\nTimestamp\n${NOW.toISOString()}\nToken\ntok\nTopicArn\narn:aws:sns:eu-west-1:123456789012:ses-bounces\nType\nSubscriptionConfirmation\n`,
    );
  });

  it('accepts only https on sns.<region>.amazonaws.com(.cn)', () => {
    expect(isSnsUrl(CERT_URL, '.pem')).toBe(true);
    expect(isSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/x.pem', '.pem')).toBe(true);
    expect(isSnsUrl('http://sns.eu-west-1.amazonaws.com/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com.evil.test/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('https://evil.test/sns.eu-west-1.amazonaws.com/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com:8443/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('https://user@sns.eu-west-1.amazonaws.com/x.pem', '.pem')).toBe(false);
    expect(isSnsUrl('https://sns.eu-west-1.amazonaws.com/x.txt', '.pem')).toBe(false);
    expect(isSnsUrl('not a url')).toBe(false);
  });

  it.each(['1', '2'] as const)('verifies SignatureVersion %s and fetches the certificate once', async (version) => {
    const { v, fetched } = verifier();
    await expect(v.verify(signer.sign(notification(), version))).resolves.toBeUndefined();
    await expect(v.verify(signer.sign(notification({ MessageId: 'other', Subject: undefined }), version))).resolves.toBeUndefined();
    expect(fetched).toEqual([CERT_URL]);
  });

  it('refuses a changed message, another key, a signature of the other version', async () => {
    const { v } = verifier();
    const signed = signer.sign(notification());
    await expect(v.verify({ ...signed, Message: '{"notificationType":"Complaint"}' })).rejects.toMatchObject({ status: 403, code: 'invalid_signature' });
    await expect(v.verify({ ...signer.sign(notification(), '1'), SignatureVersion: '2' })).rejects.toMatchObject({ code: 'invalid_signature' });
    const other = testSigner();
    await expect(v.verify(other.sign(notification()))).rejects.toMatchObject({ code: 'invalid_signature' });
    await expect(v.verify({ ...signed, SignatureVersion: '3' })).rejects.toMatchObject({ code: 'unsupported_signature_version' });
  });

  it('never fetches a certificate from another host', async () => {
    const { v, fetched } = verifier();
    const url = 'https://sns.eu-west-1.amazonaws.com.evil.test/cert.pem';
    await expect(v.verify(signer.sign(notification({ SigningCertURL: url })))).rejects.toMatchObject({ status: 403, code: 'untrusted_certificate_url' });
    expect(fetched).toEqual([]);
  });

  it('refuses a message older than an hour by the clock', async () => {
    const { v, clock } = verifier();
    const m = signer.sign(notification());
    clock.set(new Date(NOW.getTime() + 59 * 60_000));
    await expect(v.verify(m)).resolves.toBeUndefined();
    clock.set(new Date(NOW.getTime() + 61 * 60_000));
    await expect(v.verify(m)).rejects.toMatchObject({ status: 403, code: 'stale_timestamp' });
  });

  it('answers 502 when the certificate cannot be fetched, and 403 when it is no certificate', async () => {
    const clock = new TestClock(NOW);
    const down = new SnsVerifier(() => Promise.reject(new Error('ECONNRESET')), clock);
    await expect(down.verify(signer.sign(notification()))).rejects.toMatchObject({ status: 502, code: 'certificate_unavailable' });
    const junk = new SnsVerifier(() => Promise.resolve({ status: 200, text: () => Promise.resolve('<html>') }), clock);
    await expect(junk.verify(signer.sign(notification()))).rejects.toMatchObject({ status: 403, code: 'invalid_certificate' });
  });
});
