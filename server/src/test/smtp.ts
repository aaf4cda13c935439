import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The envelope sender (MAIL FROM): the VERP return path. */
  mailFrom: string;
  /** When it arrived (the sink's wall clock), for rate checks. */
  at: number;
  raw: string;
  headers: Record<string, string>;
  subject: string;
  html: string;
  text: string;
}

function decodePart(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes: number[] = [];
    const src = body.replace(/=\r?\n/g, '');
    for (let i = 0; i < src.length; i++) {
      const hex = src[i] === '=' ? src.slice(i + 1, i + 3) : '';
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(src[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

export function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodePart(data.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Enough MIME for our own messages: headers, and the text and HTML parts (QP or base64). */
export function parseMail(raw: string, to: string[], mailFrom = ''): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  let html = '';
  let text = '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw.slice(split)];
  for (const part of parts) {
    const p = part.replace(/^\r?\n/, '');
    const cut = p.search(/\r?\n\r?\n/);
    const h = boundary ? parseHeaders(p.slice(0, cut)) : headers;
    const content = decodePart(boundary ? p.slice(cut).replace(/^\r?\n\r?\n/, '') : body, h['content-transfer-encoding']);
    if ((h['content-type'] ?? '').startsWith('text/html')) html = content;
    else if ((h['content-type'] ?? '').startsWith('text/plain')) text = content;
  }
  return { to, mailFrom, at: Date.now(), raw, headers, subject: decodeWords(headers.subject ?? ''), html, text };
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Recipients matching this are refused: 550 (bounce) or 451 (try later) …, with this text (e.g. `5.1.1 No such user`). */
  refuse: { pattern: RegExp; code: 421 | 450 | 451 | 452 | 550 | 552 | 554; message?: string } | null;
  /**
   * A slow server: each message is kept when its data ends (the server has it) and answered
   * this many ms later. The sender does not yet know it was accepted in between.
   */
  replyDelayMs: number;
  /** After this many messages, answers are withheld (kept, never acknowledged) until set back to null. */
  holdAfter: number | null;
  /** Messages kept but not yet acknowledged. */
  unanswered: number;
  /**
   * Waits until what has arrived satisfies `done` (the mails a test asserts, never a count
   * that other mail also moves: sign-up and confirmation mails pass through here too).
   */
  waitUntil(done: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process: what the mailer sends arrives here over TCP. */
export async function startSmtp(): Promise<TestSmtp> {
  const t: TestSmtp = {
    url: '',
    mails: [],
    refuse: null,
    replyDelayMs: 0,
    holdAfter: null,
    unanswered: 0,
    async waitUntil(done, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (!done(t.mails)) {
        if (Date.now() > until) throw new Error(`the expected mails did not arrive; got ${t.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return t.mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (t.refuse?.pattern.test(address.address)) {
        const err = Object.assign(new Error(t.refuse.message ?? (t.refuse.code >= 500 ? 'No such mailbox' : 'Try again later')), {
          responseCode: t.refuse.code,
        });
        cb(err);
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        t.mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          ),
        );
        if (t.holdAfter !== null && t.mails.length > t.holdAfter) {
          t.unanswered++;
          return; // the sender waits (or dies) not knowing the message arrived
        }
        if (!t.replyDelayMs) return cb();
        t.unanswered++;
        setTimeout(() => {
          t.unanswered--;
          cb();
        }, t.replyDelayMs);
      });
    },
  });
  // A sender killed mid-message resets its connection: the server carries on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return t;
}
