import type { MailTransport, OutgoingMail } from '../mail/transport';

/** A transport that keeps what was sent, for assertions. */
export function memoryTransport(): MailTransport & { sent: OutgoingMail[]; fail: boolean } {
  const t = {
    name: 'log' as const,
    sent: [] as OutgoingMail[],
    fail: false,
    send(mail: OutgoingMail) {
      if (t.fail) return Promise.reject(new Error('smtp down'));
      t.sent.push(mail);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return t;
}
