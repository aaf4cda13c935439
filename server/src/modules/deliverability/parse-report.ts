import type Libmime from 'libmime';
import type { Attachment, ParsedMail } from 'mailparser';
import { classifyRefusal, normaliseStatus, statusOfText } from './classify';
import { REF_HEADER } from './verp';

/**
 * What a message that reached the inbound listener reports (pure: no database, no keys).
 * MIME is mailparser's (`keepDeliveryStatus` keeps the message/delivery-status part as an
 * attachment); the report fields are libmime's `decodeHeaders`, one blank-line block at a
 * time, as RFC 3464 lays them out. The only string handling of our own is splitting
 * `rfc822; addr` and the blank lines between blocks.
 */
export type ParsedReport = DsnReport | ArfReport | TextBounce | AutoReply;

interface Reported {
  /** The report's own Message-ID (idempotency), when it has one. */
  reportMessageId: string | null;
  /** The returned/reported message's X-Deltio-Ref (unverified: the caller checks the signature). */
  ref: string | null;
  /** The returned/reported message's Message-ID (or the DSN's X-Original-Message-ID). */
  messageId: string | null;
}

export interface DsnRecipient {
  /** Final-Recipient (else Original-Recipient), lower case. */
  email: string;
  /** Original-Recipient, when the report gives one. */
  originalRecipient: string | null;
  action: 'failed' | 'delayed';
  kind: 'hard' | 'soft' | 'delayed';
  statusCode: string | null;
  smtpCode: number | null;
  /** Diagnostic-Code without its type (`smtp;`). */
  diagnostic: string | null;
  remoteMta: string | null;
}

export interface DsnReport extends Reported {
  type: 'dsn';
  /** The failed and delayed recipients; delivered/relayed/expanded ones are left out. */
  recipients: DsnRecipient[];
  reportingMta: string | null;
}

export interface ArfReport extends Reported {
  type: 'arf';
  feedbackType: string;
  /** 'complaint' for abuse/fraud/virus/other; null for what is no complaint (auth-failure, not-spam). */
  kind: 'complaint' | null;
  originalRcptTo: string[];
  originalMailFrom: string | null;
  userAgent: string | null;
}

/** A bounce that is no RFC 3464 report (qmail, old Exchange, hand-written): only its text. */
export interface TextBounce extends Reported {
  type: 'text';
  /** The start of its text. */
  diagnostic: string;
}

/** A vacation message or other auto-reply: no bounce at all. */
export interface AutoReply {
  type: 'auto-reply';
  reportMessageId: string | null;
}

const DIAGNOSTIC_KEPT = 1000;
const COMPLAINT_TYPES = new Set(['abuse', 'fraud', 'virus', 'other']);
const DSN_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ARF_TYPES = new Set(['message/feedback-report']);
const RETURNED_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/rfc822-headers', 'text/rfc822']);

/** libmime, once parseReport loaded it (the header helpers below run only inside parseReport). */
let libmime: typeof Libmime;

export async function parseReport(raw: Buffer | string): Promise<ParsedReport> {
  // Loaded with the first report, not at every start (a process that gets none never loads them).
  const [{ simpleParser }, mime] = await Promise.all([import('mailparser'), import('libmime')]);
  libmime = mime.default;
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true, keepCidLinks: true });
  const reportMessageId = mail.messageId?.trim() || null;
  const part = (types: Set<string>) => mail.attachments.find((a) => types.has(a.contentType.toLowerCase()));
  const returned = returnedHeaders(part(RETURNED_TYPES));

  const status = part(DSN_TYPES);
  if (status) {
    const blocks = headerBlocks(status);
    const perMessage = blocks.find((b) => !isRecipientBlock(b)) ?? {};
    const recipients = blocks.filter(isRecipientBlock).flatMap((b) => {
      const r = recipientOf(b);
      return r ? [r] : [];
    });
    return {
      type: 'dsn',
      reportMessageId,
      recipients,
      reportingMta: valueOfTyped(first(perMessage, 'reporting-mta')),
      ref: returned.ref,
      messageId: returned.messageId ?? first(perMessage, 'x-original-message-id'),
    };
  }

  const feedback = part(ARF_TYPES);
  if (feedback) {
    const h = headerBlocks(feedback)[0] ?? {};
    const feedbackType = (first(h, 'feedback-type') ?? '').toLowerCase();
    return {
      type: 'arf',
      reportMessageId,
      feedbackType,
      kind: COMPLAINT_TYPES.has(feedbackType) ? 'complaint' : null,
      originalRcptTo: (h['original-rcpt-to'] ?? []).map((v) => bareAddress(v)).filter(Boolean),
      originalMailFrom: bareAddress(first(h, 'original-mail-from') ?? '') || null,
      userAgent: first(h, 'user-agent'),
      ref: returned.ref,
      messageId: returned.messageId,
    };
  }

  if (isAutoReply(mail)) return { type: 'auto-reply', reportMessageId };
  const text = (mail.text ?? '').trim();
  return {
    type: 'text',
    reportMessageId,
    diagnostic: (text || mail.subject || '').slice(0, DIAGNOSTIC_KEPT),
    ref: returned.ref,
    messageId: returned.messageId,
  };
}

type Block = Record<string, string[]>;

/** A report part's header blocks (per-message, then one per recipient), decoded by libmime. */
function headerBlocks(a: Attachment): Block[] {
  return a.content
    .toString('utf8')
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => libmime.decodeHeaders(block, { skipPrototypeKeys: true }))
    .filter((h) => Object.keys(h).some(Boolean));
}

const isRecipientBlock = (b: Block) => Boolean(b['final-recipient'] || b['original-recipient']);

function recipientOf(b: Block): DsnRecipient | null {
  const action = (first(b, 'action') ?? '').toLowerCase();
  if (action !== 'failed' && action !== 'delayed') return null; // delivered, relayed, expanded
  const originalRecipient = bareAddress(valueOfTyped(first(b, 'original-recipient')) ?? '') || null;
  const email = bareAddress(valueOfTyped(first(b, 'final-recipient')) ?? '') || originalRecipient;
  if (!email) return null;
  const diagnosticCode = first(b, 'diagnostic-code');
  const diagnostic = diagnosticCode ? (valueOfTyped(diagnosticCode) ?? '').slice(0, DIAGNOSTIC_KEPT) || null : null;
  const smtpCode = diagnosticCode && typeOf(diagnosticCode) === 'smtp' ? replyCodeOf(diagnostic) : null;
  const statusCode = normaliseStatus(first(b, 'status')) ?? statusOfText(diagnostic);
  return {
    email,
    originalRecipient,
    action,
    kind: action === 'delayed' ? 'delayed' : classifyRefusal(smtpCode, statusCode),
    statusCode,
    smtpCode,
    diagnostic,
    remoteMta: valueOfTyped(first(b, 'remote-mta')),
  };
}

/** The returned message's (or its headers') X-Deltio-Ref and Message-ID. */
function returnedHeaders(a: Attachment | undefined): { ref: string | null; messageId: string | null } {
  if (!a) return { ref: null, messageId: null };
  // decodeHeaders reads the header block and stops at the first blank line: the body is left alone.
  const h = libmime.decodeHeaders(a.content.toString('utf8'), { skipPrototypeKeys: true });
  return { ref: first(h, REF_HEADER.toLowerCase()), messageId: first(h, 'message-id') };
}

function isAutoReply(mail: ParsedMail): boolean {
  const header = (name: string) => {
    const v = mail.headers.get(name);
    return typeof v === 'string' ? v.trim().toLowerCase() : '';
  };
  const autoSubmitted = header('auto-submitted');
  return (
    autoSubmitted.startsWith('auto-replied') ||
    autoSubmitted.includes('vacation') ||
    mail.headers.has('x-autoreply') ||
    mail.headers.has('x-autorespond') ||
    header('precedence') === 'auto_reply'
  );
}

function first(h: Block, key: string): string | null {
  const v = h[key]?.[0]?.trim();
  return v ? v : null;
}

/** The type of a typed field (`rfc822; a@b` → `rfc822`, `smtp; 550 …` → `smtp`). */
function typeOf(v: string): string | null {
  const i = v.indexOf(';');
  return i < 0 ? null : v.slice(0, i).trim().toLowerCase();
}

/** The value of a typed field (`rfc822; a@b` → `a@b`); an untyped value as it is. */
function valueOfTyped(v: string | null): string | null {
  if (v === null) return null;
  const i = v.indexOf(';');
  const out = (i < 0 ? v : v.slice(i + 1)).trim();
  return out || null;
}

/** `<A@B.gr>` → `a@b.gr`. */
function bareAddress(v: string): string {
  let s = v.trim();
  if (s.startsWith('<') && s.endsWith('>')) s = s.slice(1, -1).trim();
  return s.includes('@') ? s.toLowerCase() : '';
}

/** The reply code a Diagnostic-Code of type smtp starts with (`550 5.1.1 …`, `452-4.2.2 …`). */
function replyCodeOf(diagnostic: string | null): number | null {
  const head = (diagnostic ?? '').trimStart().slice(0, 4);
  const code = Number(head.slice(0, 3));
  const digitsOnly = head.length >= 3 && [...head.slice(0, 3)].every((c) => c >= '0' && c <= '9');
  const ends = head.length === 3 || head[3] === ' ' || head[3] === '-';
  return digitsOnly && ends && code >= 200 && code < 600 ? code : null;
}
