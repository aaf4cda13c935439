import { describe, expect, it } from 'vitest';
import { classifyRefusal, normaliseStatus, statusOfText } from './classify';
import { refHeaders } from './sender-identity';
import { outboxIdOfToken, outboxIdOfVerp, verpAddress, verpToken } from './verp';

describe('classifyRefusal', () => {
  it('reads the enhanced status first, then the reply code; unknown is soft', () => {
    expect(classifyRefusal(550, '5.1.1')).toBe('hard');
    expect(classifyRefusal(550, '5.2.1')).toBe('hard');
    expect(classifyRefusal(552, '5.2.2')).toBe('soft'); // mailbox full
    expect(classifyRefusal(550, '5.7.1')).toBe('soft'); // a policy refusal is about us, not the address
    expect(classifyRefusal(550, '4.2.2')).toBe('soft');
    expect(classifyRefusal(451, null)).toBe('soft');
    expect(classifyRefusal(550, null)).toBe('hard');
    expect(classifyRefusal(552, null)).toBe('soft');
    expect(classifyRefusal(null, null)).toBe('soft');
  });
  it('finds the status in the forms servers write it', () => {
    expect(normaliseStatus('#5.1.1')).toBe('5.1.1');
    expect(normaliseStatus('smtp; 550 5.1.1 <a@b>: User unknown')).toBe('5.1.1');
    expect(normaliseStatus('5.01.001')).toBe('5.1.1');
    expect(normaliseStatus('version 15.2.1 of the server')).toBeNull();
    expect(statusOfText('550 5.1.1 No such user')).toBe('5.1.1');
    expect(statusOfText('550-5.1.1 The email account does not exist')).toBe('5.1.1');
    expect(statusOfText('No such mailbox')).toBeNull();
  });
});

describe('VERP', () => {
  const key = new Uint8Array(32).fill(7);
  it('names the outbox row in a signed, lower-case local part', () => {
    const a = verpAddress(key, 123456, 'bounces.deltio.gr');
    expect(a).toMatch(/^bounce\+[0-9a-z]+\.[0-9a-f]{16}@bounces\.deltio\.gr$/);
    expect(outboxIdOfVerp(key, a)).toBe(123456);
    expect(outboxIdOfVerp(key, a.toUpperCase())).toBe(123456);
    expect(outboxIdOfToken(key, verpToken(key, 9))).toBe(9);
  });
  it('refuses a forged or altered token and another key', () => {
    const t = verpToken(key, 42);
    expect(outboxIdOfToken(key, t.replace(/^[0-9a-z]+/, '43'))).toBeNull();
    expect(outboxIdOfToken(new Uint8Array(32).fill(8), t)).toBeNull();
    expect(outboxIdOfVerp(key, `someone@bounces.deltio.gr`)).toBeNull();
    expect(outboxIdOfToken(key, 'x')).toBeNull();
  });
});

describe('the reference a provider hands back', () => {
  it('goes where each configured provider returns it, and always in X-Deltio-Ref', () => {
    expect(refHeaders({ postmarkWebhook: undefined, mailgunSigningKey: undefined }, 'a.b')).toEqual({ 'X-Deltio-Ref': 'a.b' });
    expect(refHeaders({ postmarkWebhook: { user: 'u', password: 'p' }, mailgunSigningKey: 'k'.repeat(16) }, 'a.b')).toEqual({
      'X-Deltio-Ref': 'a.b',
      'X-PM-Metadata-ref': 'a.b',
      'X-Mailgun-Variables': '{"ref":"a.b"}',
    });
  });
});
