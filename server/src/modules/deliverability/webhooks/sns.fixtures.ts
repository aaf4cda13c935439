import { createSign, generateKeyPairSync, sign as rsaSign, X509Certificate } from 'node:crypto';
import { snsStringToSign, type SnsMessage } from './sns-verify';

/**
 * Test fixtures: a self-signed X.509 certificate made here with node:crypto and a few lines of
 * DER (node:crypto reads certificates but does not make them, and `openssl` is not on every
 * machine), and SNS messages signed by its key as SNS signs them (SignatureVersion 1 or 2).
 */

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...c: Buffer[]) => der(0x30, ...c);
const oid = (hex: string) => der(0x06, Buffer.from(hex, 'hex'));
const SHA256_WITH_RSA = seq(oid('2a864886f70d01010b'), der(0x05));
const name = (cn: string) => seq(der(0x31, seq(oid('550403'), der(0x0c, Buffer.from(cn, 'utf8')))));
const utcTime = (d: Date) => der(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z', 'ascii'));

export interface TestSigner {
  /** The certificate, PEM, as SNS serves it at SigningCertURL. */
  certPem: string;
  /** Signs a message as SNS does: fills SignatureVersion and Signature. */
  sign<M extends Omit<SnsMessage, 'Signature' | 'SignatureVersion'>>(m: M, version?: '1' | '2'): M & Pick<SnsMessage, 'Signature' | 'SignatureVersion'>;
}

export function testSigner(cn = 'sns.amazonaws.com'): TestSigner {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const tbs = seq(
    der(0x02, Buffer.from([0x01, 0x23, 0x45])),
    SHA256_WITH_RSA,
    name(cn),
    seq(utcTime(new Date(Date.UTC(2020, 0, 1))), utcTime(new Date(Date.UTC(2049, 0, 1)))),
    name(cn),
    spki,
  );
  const cert = seq(tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), rsaSign('sha256', tbs, privateKey)));
  const certPem = `-----BEGIN CERTIFICATE-----\n${cert.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`.replace('\n\n', '\n');
  // Made right: node reads it and its key checks its own signature.
  if (!new X509Certificate(certPem).verify(publicKey)) throw new Error('test certificate does not verify');
  return {
    certPem,
    sign(m, version = '2') {
      const unsigned = { ...m, SignatureVersion: version, Signature: '' } as SnsMessage;
      const signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256').update(snsStringToSign(unsigned), 'utf8').sign(privateKey, 'base64');
      return { ...m, SignatureVersion: version, Signature: signature };
    },
  };
}
