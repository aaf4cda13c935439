import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** The same on every attempt of one outbox row: a receiving system drops a second copy. */
  messageId?: string;
  replyTo?: string;
  /** SMTP MAIL FROM (the VERP return path) and RCPT TO, when they differ from the headers. */
  envelope?: { from: string; to: string };
  /** Signs the message (nodemailer's DKIM, per message). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export interface MailTransport {
  name: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The headers a DKIM signature covers: nodemailer's list (RFC 4871 §5.5) and, for one-click
 * unsubscribe (RFC 8058 §4 requires it signed), List-Unsubscribe-Post, without which Gmail and
 * Yahoo ignore the one-click header.
 */
export const DKIM_SIGNED_HEADERS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'Content-ID', 'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender',
  'Resent-To', 'Resent-Cc', 'Resent-Message-ID', 'In-Reply-To', 'References', 'List-Id', 'List-Help',
  'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post', 'List-Owner', 'List-Archive',
].join(':');

/**
 * SMTP through nodemailer when SMTP_URL is set, over pooled connections (one per sending slot,
 * DEFAULT_MAIL_CONCURRENCY): one handshake per connection, not per e-mail (3× the e-mails a
 * second in bench/dkim.bench.ts). `?pool=false` in SMTP_URL turns it off.
 */
export function smtpTransport(url: string, connections = 5): MailTransport {
  const pooled = /[?&]pool=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=${connections}`;
  // Closed with the mailer (stop); a mailer started again opens a new pool.
  let transporter: ReturnType<typeof nodemailer.createTransport> | undefined;
  return {
    name: 'smtp',
    async send(mail) {
      transporter ??= nodemailer.createTransport(pooled);
      await transporter.sendMail(mail.dkim ? { ...mail, dkim: { ...mail.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : mail);
    },
    close: () => {
      transporter?.close();
      transporter = undefined;
    },
  };
}

/** Without SMTP the outbox row is the record; the message is printed to the log. */
export function logTransport(logger: Logger): MailTransport {
  return {
    name: 'log',
    send(mail) {
      logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (outbox, not sent: no SMTP_URL)');
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
