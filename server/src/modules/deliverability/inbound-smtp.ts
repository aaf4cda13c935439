import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../context';
import type { MailEvent, MailEventOutcome } from './mail-event';
import { parseReport, type ParsedReport } from './parse-report';
import { recordMailEvent } from './record-mail-event';
import { outboxIdOfToken, outboxIdOfVerp } from './verp';

/**
 * The inbound SMTP listener (the MX of BOUNCE_DOMAIN): delivery status notifications (RFC
 * 3464) to the VERP return paths and complaint reports (ARF, RFC 5965) to FBL_ADDRESS.
 * It is an open port on the internet, so: no AUTH, no relaying, only signed VERP addresses
 * at our bounce host and the FBL address are accepted (anything else 550 at RCPT), 1 MB a
 * message, few clients, and never a reply or auto-response (no backscatter). A report is
 * answered 250 once its events are recorded, 451 when the database failed (the sender
 * retries; recording is idempotent).
 */
export const INBOUND_MAX_BYTES = 1024 * 1024;
const MAX_CLIENTS = 20;
const MAX_RECIPIENTS = 10;
const RAW_EXCERPT = 16 * 1024;

/** Who a message was addressed to: one e-mail's VERP return path, or the feedback-loop address. */
export type InboundTarget = { kind: 'verp'; outboxId: number } | { kind: 'fbl' };

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

export interface InboundOptions {
  port: number;
  host: string;
  /** Tests replace it to make the database fail. */
  record?: (ctx: AppContext, ev: MailEvent) => Promise<MailEventOutcome>;
}

/** What an address names, whatever its host: the FBL address, a signed VERP address, or nothing. */
function parseTarget(ctx: AppContext, address: string): (InboundTarget & { host: string }) | null {
  const addr = address.trim().toLowerCase();
  const at = addr.lastIndexOf('@');
  if (at < 1) return null;
  const host = addr.slice(at + 1);
  const { fblAddress } = ctx.config.deliverability;
  if (fblAddress && addr === fblAddress.toLowerCase()) return { kind: 'fbl', host };
  const outboxId = outboxIdOfVerp(ctx.tokenKey, addr);
  return outboxId ? { kind: 'verp', outboxId, host } : null;
}

/**
 * An accepted RCPT TO, or null: the FBL address, or a signed VERP address at BOUNCE_DOMAIN or
 * at an organisation's return-path host (`bounces.<its domain>`, a CNAME of BOUNCE_DOMAIN).
 */
export async function targetOf(ctx: AppContext, address: string): Promise<InboundTarget | null> {
  const t = parseTarget(ctx, address);
  if (!t) return null;
  const { host, ...target } = t;
  if (target.kind === 'fbl' || host === ctx.config.deliverability.bounceDomain.toLowerCase()) return target;
  const own = (await ctx.db('sending_domains').whereRaw('lower(return_path_host) = ?', [host]).first('id')) as { id: string } | undefined;
  return own ? target : null;
}

export async function startInboundSmtp(ctx: AppContext, opts: InboundOptions): Promise<InboundSmtp> {
  // Loaded only when the inbound SMTP server is configured, not at every start.
  const { SMTPServer } = await import('smtp-server');
  const log = ctx.logger.child({ component: 'inbound-smtp' });
  const record = opts.record ?? recordMailEvent;
  const server = new SMTPServer({
    banner: 'Deltio bounce processing; no relaying',
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: INBOUND_MAX_BYTES,
    maxClients: MAX_CLIENTS,
    disableReverseLookup: true,
    socketTimeout: 60_000,
    closeTimeout: 2_000,
    logger: false,
    onRcptTo(address, session, cb) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return cb(Object.assign(new Error('4.5.3 Too many recipients'), { responseCode: 452 }));
      targetOf(ctx, address.address).then(
        (target) => {
          if (target) return cb();
          log.info({ rcpt: address.address.slice(0, 200), remote: session.remoteAddress }, 'inbound smtp: recipient refused');
          cb(Object.assign(new Error('5.1.1 No such recipient here'), { responseCode: 550 }));
        },
        (err: unknown) => {
          log.error({ err }, 'inbound smtp: could not check a recipient');
          cb(Object.assign(new Error('4.3.0 Temporary failure, please try again later'), { responseCode: 451 }));
        },
      );
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (c: Buffer) => {
        bytes += c.length;
        // Past the limit nothing more is kept: smtp-server answers 552 itself.
        if (bytes <= INBOUND_MAX_BYTES) chunks.push(c);
      });
      stream.on('end', () => {
        // The recipients were checked at RCPT TO.
        const to = session.envelope.rcptTo.flatMap((r) => parseTarget(ctx, r.address) ?? []);
        if (stream.sizeExceeded) return cb(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
        handleReport(ctx, Buffer.concat(chunks), to, { record, remote: session.remoteAddress }).then(
          () => cb(),
          (err: unknown) => {
            log.error({ err }, 'inbound smtp: could not record a report; the sender will retry');
            cb(Object.assign(new Error('4.3.0 Temporary failure, please try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  // A client resetting its connection is no fault of ours.
  server.on('error', (err) => log.debug({ err }, 'inbound smtp: connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port, host: opts.host }, 'inbound smtp: listening for bounces and complaint reports');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The events one received message reports, recorded. Resolves with how many were recorded
 * (new); rejects only when recording failed (→ 451). Anything it cannot use is logged and
 * dropped: a report we cannot read is not made better by the sender retrying it.
 */
export async function handleReport(
  ctx: AppContext,
  raw: Buffer,
  to: InboundTarget[],
  opts: { record?: InboundOptions['record']; remote?: string } = {},
): Promise<number> {
  const log = ctx.logger.child({ component: 'inbound-smtp' });
  const record = opts.record ?? recordMailEvent;
  let report: ParsedReport;
  try {
    report = await parseReport(raw);
  } catch (err) {
    log.warn({ err, remote: opts.remote }, 'inbound smtp: unreadable message dropped');
    return 0;
  }
  if (report.type === 'auto-reply') {
    log.info({ remote: opts.remote }, 'inbound smtp: auto-reply ignored');
    return 0;
  }
  const verpId = to.find((t) => t.kind === 'verp')?.outboxId ?? null;
  const refId = report.ref ? outboxIdOfToken(ctx.tokenKey, report.ref) : null;
  // The envelope names the e-mail a bounce is about; a complaint report names it in the reported message.
  const outboxId = report.type === 'arf' ? (refId ?? verpId) : (verpId ?? refId);
  if (!outboxId) {
    // At the FBL address with no valid X-Deltio-Ref: anyone could have written it.
    log.info({ type: report.type, remote: opts.remote }, 'inbound smtp: report names none of our e-mails; ignored');
    return 0;
  }
  const row = (await ctx.db('mail_outbox').where('id', outboxId).first('id', 'to_email')) as { id: number | string; to_email: string } | undefined;
  if (!row) {
    log.info({ outboxId, type: report.type }, 'inbound smtp: report names an e-mail no longer kept; ignored');
    return 0;
  }
  const email = row.to_email.trim().toLowerCase();
  const key = report.reportMessageId ?? `raw:${createHash('sha256').update(raw).digest('hex')}`;
  const eventId = (via: string, ...parts: (string | number)[]) =>
    `${via}:${createHash('sha256').update([key, outboxId, ...parts].join('\n')).digest('hex')}`;
  const rawExcerpt = raw.subarray(0, RAW_EXCERPT).toString('utf8');
  const events: MailEvent[] = [];

  if (report.type === 'dsn') {
    for (const r of report.recipients) {
      // A DSN speaks only for the e-mail's own recipient: another address in it (a forward, a
      // colleague) is not suppressed on the word of whoever holds this return path.
      if (r.email !== email && r.originalRecipient !== email) {
        log.info({ outboxId, action: r.action }, 'inbound smtp: DSN recipient other than the e-mail’s; ignored');
        continue;
      }
      events.push({
        via: 'dsn',
        kind: r.kind,
        email,
        outboxId,
        messageId: report.messageId,
        statusCode: r.statusCode,
        smtpCode: r.smtpCode,
        diagnostic: r.diagnostic,
        remoteMta: r.remoteMta,
        providerEventId: eventId('dsn', r.email, r.action),
        rawExcerpt,
      });
    }
  } else if (report.type === 'arf') {
    if (!report.kind) {
      log.info({ outboxId, feedbackType: report.feedbackType }, 'inbound smtp: feedback report that is no complaint; ignored');
      return 0;
    }
    // Microsoft's JMRP redacts Original-Rcpt-To: the e-mail's own recipient is the one.
    events.push({
      via: 'arf',
      kind: 'complaint',
      email,
      outboxId,
      messageId: report.messageId,
      diagnostic: `Feedback-Type: ${report.feedbackType}${report.userAgent ? ` (${report.userAgent})` : ''}`,
      providerEventId: eventId('arf'),
      rawExcerpt,
    });
  } else if (verpId) {
    // No report part at a VERP address and not an auto-reply: a bounce in prose, soft as listmonk does.
    events.push({
      via: 'dsn',
      kind: 'soft',
      email,
      outboxId,
      messageId: report.messageId,
      diagnostic: report.diagnostic,
      providerEventId: eventId('dsn', 'text'),
      rawExcerpt,
    });
  } else {
    log.info({ remote: opts.remote }, 'inbound smtp: message at the FBL address that is no report; ignored');
    return 0;
  }

  let recorded = 0;
  for (const ev of events) if ((await record(ctx, ev)).recorded) recorded++;
  return recorded;
}
