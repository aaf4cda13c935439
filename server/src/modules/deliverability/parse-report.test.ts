import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/render';
import { parseReport, type ArfReport, type DsnReport, type TextBounce } from './parse-report';

const vars = {
  VERP: 'bounce+c.0123456789abcdef@bounces.deltio.test',
  RCPT: 'Journalist@Media.test',
  OTHER: 'colleague@media.test',
  MSGID: '<12.19b3c4d5e6f@deltio.test>',
  REF: 'c.0123456789abcdef',
  TO: 'fbl@deltio.test',
};
const parse = (name: string) => parseReport(Buffer.from(fixture(name, vars)));

describe('parseReport', () => {
  it('reads a Postfix 5.1.1 DSN: one failed recipient, hard, the smtp type stripped, the returned message’s ref', async () => {
    const r = (await parse('postfix-hard-5.1.1.eml')) as DsnReport;
    expect(r.type).toBe('dsn');
    expect(r.reportMessageId).toBe('<20261127051244.4Q2x7n1ZKbz9sWq@mx1.deltio-relay.gr>');
    expect(r.reportingMta).toBe('mx1.deltio-relay.gr');
    expect(r.ref).toBe(vars.REF);
    expect(r.messageId).toBe(vars.MSGID);
    expect(r.recipients).toEqual([
      {
        email: 'journalist@media.test',
        originalRecipient: 'journalist@media.test',
        action: 'failed',
        kind: 'hard',
        statusCode: '5.1.1',
        smtpCode: 550,
        diagnostic: '550 5.1.1 <Journalist@Media.test>: Recipient address rejected: User unknown in virtual mailbox table',
        remoteMta: 'mail.media.test',
      },
    ]);
  });

  it('reads every recipient block of an Exchange DSN and leaves out the delivered one', async () => {
    const r = (await parse('exchange-multi-recipient.eml')) as DsnReport;
    expect(r.type).toBe('dsn');
    expect(r.recipients.map((x) => [x.email, x.action, x.kind, x.statusCode, x.smtpCode])).toEqual([
      ['journalist@media.test', 'failed', 'hard', '5.1.10', 550],
      ['colleague@media.test', 'failed', 'soft', '5.2.2', 554],
    ]);
    expect(r.recipients[0]!.diagnostic).toBe('550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup');
    // text/rfc822-headers carries the returned headers.
    expect(r.ref).toBe(vars.REF);
    expect(r.messageId).toBe(vars.MSGID);
  });

  it('reads a Gmail delay notice as delayed, whatever its status says', async () => {
    const r = (await parse('gmail-delayed-4.2.2.eml')) as DsnReport;
    expect(r.recipients).toHaveLength(1);
    expect(r.recipients[0]).toMatchObject({ email: 'journalist@media.test', action: 'delayed', kind: 'delayed', statusCode: '4.2.2', smtpCode: 452 });
    expect(r.recipients[0]!.remoteMta).toContain('gmail-smtp-in.l.google.com.');
    expect(r.messageId).toBe(vars.MSGID);
  });

  it('reads a bounce with no report part as text', async () => {
    const r = (await parse('qmail-mailbox-full.eml')) as TextBounce;
    expect(r.type).toBe('text');
    expect(r.diagnostic).toMatch(/^Hi\. This is the qmail-send program/);
    expect(r.diagnostic).toContain('Mailbox is full');
  });

  it('recognises a vacation auto-reply', async () => {
    expect((await parse('vacation-auto-reply.eml')).type).toBe('auto-reply');
  });

  it('reads an ARF abuse report: a complaint with the reported message’s ref', async () => {
    const r = (await parse('arf-abuse.eml')) as ArfReport;
    expect(r).toMatchObject({
      type: 'arf',
      feedbackType: 'abuse',
      kind: 'complaint',
      originalRcptTo: ['journalist@media.test'],
      originalMailFrom: vars.VERP,
      userAgent: 'Yahoo!-Mail-Feedback/2.0',
      ref: vars.REF,
      messageId: vars.MSGID,
    });
  });

  it('does not take a DMARC failure report or a not-spam report for a complaint', async () => {
    for (const type of ['auth-failure', 'not-spam']) {
      const raw = fixture('arf-abuse.eml', vars).replace('Feedback-Type: abuse', `Feedback-Type: ${type}`);
      const r = (await parseReport(Buffer.from(raw))) as ArfReport;
      expect([r.type, r.feedbackType, r.kind]).toEqual(['arf', type, null]);
    }
  });

  it('leaves a DSN whose recipients were all delivered without recipients', async () => {
    const raw = fixture('postfix-hard-5.1.1.eml', vars).replace('Action: failed', 'Action: delivered').replace('Status: 5.1.1', 'Status: 2.0.0');
    const r = (await parseReport(Buffer.from(raw))) as DsnReport;
    expect([r.type, r.recipients]).toEqual(['dsn', []]);
  });
});
