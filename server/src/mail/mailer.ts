import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import type { Logger } from '../logger';
import type { MailPurpose } from '../../../shared/constants';
import { systemClock, type Clock } from '../clock';
import { classifyRefusal, normaliseStatus, statusOfText } from '../modules/deliverability/classify';
import { DomainThrottle } from './domain-throttle';
import type { MailTransport, OutgoingMail } from './transport';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind?: 'email' | 'newsletter';
  headers?: Record<string, string>;
  /** The release delivery this e-mail carries: its state follows the outbox row. */
  deliveryId?: number;
  /** Who sends it (its suppressions apply, its domain signs it); none: the platform. */
  organisationId?: string | null;
  /** What it is for (default notice): account mail is held back only by an undeliverable address. */
  purpose?: MailPurpose;
}

export interface OutboxRow {
  id: number;
  to_email: string;
  organisation_id: string | null;
  purpose: MailPurpose;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
  attempts: number;
  related_delivery_id: number | string | null;
  message_id: string | null;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * A permanent refusal of the recipient by the receiving server (5xx on RCPT/DATA that means the
 * address: 5.1.1 no such user …): a bounce, final. A 5xx that is not about the address (552 or
 * 5.2.2 mailbox full, 5.7.x policy) is retried like a 4xx (classifyRefusal).
 */
export function isBounce(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown; response?: unknown; message?: unknown } | null;
  const code = typeof e?.responseCode === 'number' ? e.responseCode : NaN;
  if (!(code >= 500 && code < 600 && (e?.code === 'EENVELOPE' || e?.code === 'EMESSAGE'))) return false;
  const text = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : '';
  return classifyRefusal(code, statusOfText(text) ?? normaliseStatus(text)) === 'hard';
}

const outboxRow = (msg: MailMessage) => ({
  kind: msg.kind ?? 'email',
  to_email: msg.to,
  subject: msg.subject,
  html: msg.html,
  text: msg.text,
  headers: JSON.stringify(msg.headers ?? {}),
  related_delivery_id: msg.deliveryId ?? null,
  organisation_id: msg.organisationId ?? null,
  purpose: msg.purpose ?? (msg.deliveryId ? 'release' : 'notice'),
  status: 'queued',
});

/** What the sending side needs from deliverability, set once the app is built (usePolicy). */
export interface MailPolicy {
  /** Why this e-mail must not go (a suppression), or undefined. */
  suppressed(row: OutboxRow): Promise<{ reason: string } | undefined>;
  /** From, Reply-To, return path, DKIM and extra headers of this e-mail. */
  identity(row: OutboxRow, from: string): Promise<Pick<OutgoingMail, 'from' | 'replyTo' | 'envelope' | 'dkim' | 'headers'>>;
}

/** A refusal by the receiving server during the SMTP conversation, after it was recorded. */
export interface MailRefusal {
  row: OutboxRow;
  /** The server's reply code (550) and text. */
  smtpCode: number | null;
  response: string;
  /** Counted as a bounce: the e-mail is final. */
  bounced: boolean;
  final: boolean;
}

export interface MailerOptions {
  from: string;
  maxAttempts?: number;
  /** Base of the exponential back-off between attempts, in ms. */
  backoffMs?: number;
  pollMs?: number;
  /** An e-mail being sent is leased for this long and renewed by its process (default 15 s). */
  leaseMs?: number;
  /** E-mails on the wire at once; a process claims no more than this (default 5). */
  concurrency?: number;
  /** The right-hand side of the Message-IDs (the site's or the sender's domain). */
  messageIdDomain?: string;
  /** How long stop() lets e-mails in flight finish before it releases them (default 3 s). */
  stopBudgetMs?: number;
  /** The clock of stop()'s budget (tests inject theirs). */
  wait?: (ms: number) => Promise<void>;
  /** The time of the per-domain rates and back-offs (tests move theirs); else the system's. */
  clock?: Clock;
  /** Per receiving domain rates and back-off (default: the built-in rates). */
  throttle?: DomainThrottle;
}

/** E-mails one process has on the wire at once (and so at most claimed). */
export const DEFAULT_MAIL_CONCURRENCY = 5;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** The domain of the Message-IDs: PUBLIC_URL's host when it was set, else the sender address's. */
export function messageIdDomain(o: { publicUrl: string; publicUrlConfigured: boolean; mailFrom: string }): string {
  if (o.publicUrlConfigured) {
    try {
      const host = new URL(o.publicUrl).hostname;
      if (host) return host;
    } catch {
      // not a URL: the sender's domain below
    }
  }
  const at = /@([^>\s]+)>?\s*$/.exec(o.mailFrom)?.[1];
  return at ?? 'deltio.local';
}

/**
 * The one mail module. enqueue() writes to the durable outbox (inside the caller's
 * transaction when given one); workers claim due rows one at a time with SKIP LOCKED (what
 * a process holds is only what is on the wire), send each and record it sent at once.
 *
 * Sent at most twice, and then recognisably: a process killed between the server's
 * acceptance of an e-mail and recording it sent leaves it leased; once the lease lapses
 * another process sends it again, with the same Message-ID (fixed at the first claim), so
 * the receiving system drops the copy. At most `concurrency` e-mails per process are in
 * that window. stop() claims nothing more, lets what is in flight finish within its budget
 * and puts back (queued, no lease) what did not.
 */
export class Mailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private stopping = false;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly domain: string;
  private readonly clock: Clock;
  readonly throttle: DomainThrottle;
  /** Rows this process is sending (claimed, on the wire), whose leases it renews. */
  private readonly held = new Map<number, OutboxRow>();
  private policy: MailPolicy | undefined;
  /** Claimed e-mails whose domain had a back-off level when they were claimed. */
  private readonly pausedBefore = new Set<number>();
  private readonly refusalListeners: ((r: MailRefusal) => void | Promise<void>)[] = [];

  /** Deliverability's suppression check and sender identity (before it: the MAIL_FROM address, unsigned). */
  usePolicy(policy: MailPolicy): void {
    this.policy = policy;
  }

  /** Subscribes to refusals by receiving servers, published after the outbox row records them. */
  onRefusal(listener: (r: MailRefusal) => void | Promise<void>): () => void {
    this.refusalListeners.push(listener);
    return () => {
      const i = this.refusalListeners.indexOf(listener);
      if (i >= 0) this.refusalListeners.splice(i, 1);
    };
  }

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly opts: MailerOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.backoffMs = opts.backoffMs ?? 30_000;
    this.leaseMs = opts.leaseMs ?? 15_000;
    this.concurrency = Math.max(1, opts.concurrency ?? DEFAULT_MAIL_CONCURRENCY);
    this.domain = opts.messageIdDomain ?? messageIdDomain({ publicUrl: '', publicUrlConfigured: false, mailFrom: opts.from });
    this.clock = opts.clock ?? systemClock;
    this.throttle = opts.throttle ?? new DomainThrottle();
  }

  async enqueue(msg: MailMessage, trx: Knex | Knex.Transaction = this.db): Promise<number> {
    const [row] = (await trx('mail_outbox').insert(outboxRow(msg)).returning('id')) as { id: number }[];
    // Outside a transaction the row is visible now; inside one, the poll picks it up
    // after commit (callers may kick() after committing for immediate delivery).
    if (trx === this.db) this.kick();
    return Number(row!.id);
  }

  /**
   * Many messages in one statement per chunk (a release to its recipients); kick() after commit.
   * A release delivery has one e-mail: a message for a delivery that already has one (the
   * e-mail job run twice) is not added. Returns how many were added.
   */
  async enqueueMany(msgs: MailMessage[], trx: Knex | Knex.Transaction = this.db): Promise<number> {
    let added = 0;
    for (let i = 0; i < msgs.length; i += 500) {
      const rows = (await trx('mail_outbox')
        .insert(msgs.slice(i, i + 500).map(outboxRow))
        .onConflict('related_delivery_id')
        .ignore()
        .returning('id')) as { id: number }[];
      added += rows.length;
    }
    if (trx === this.db && added) this.kick();
    return added;
  }

  /** Processes due mail soon, without waiting for the next poll. */
  kick(): void {
    if (this.stopping) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.processAll().finally(() => {
      this.running = undefined;
      if (this.rerun && !this.stopping) {
        this.rerun = false;
        this.kick();
      }
    });
  }

  /** Polls the outbox, starting now (mail left by a previous process goes out at once). */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 5_000);
    this.timer.unref();
  }

  /**
   * Claims nothing more from now on; e-mails in flight finish within the budget, those
   * still open then go back to the queue (no lease), for this or another process.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const running = this.running;
    if (running) {
      const budget = this.opts.stopBudgetMs ?? 3_000;
      const finished = await Promise.race([running.then(() => true), (this.opts.wait ?? sleep)(budget).then(() => false)]);
      if (!finished) await this.release();
    }
    this.transport.close();
  }

  /** Sends everything due now; used by tests and shutdown. */
  async drain(): Promise<void> {
    await this.running;
    await this.processAll();
  }

  /** Counts for the status page and the health card. */
  async queueSizes(): Promise<{ email: number; newsletter: number }> {
    const rows = (await this.db('mail_outbox')
      .select('kind')
      .count<{ kind: string; n: number }[]>({ n: '*' })
      .whereIn('status', ['queued', 'sending'])
      .groupBy('kind')) as unknown as { kind: string; n: number | string }[];
    const get = (k: string) => Number(rows.find((r) => r.kind === k)?.n ?? 0);
    return { email: get('email'), newsletter: get('newsletter') };
  }

  /**
   * E-mails claimed by a process that died (its lease lapsed; rows from before leases: by
   * the claim time) go back to the queue.
   */
  private async recoverStuck(): Promise<void> {
    try {
      await this.db('mail_outbox')
        .where('status', 'sending')
        .andWhereRaw(
          `(lease_until < now() or (lease_until is null and next_attempt_at < now() - (? * interval '1 millisecond')))`,
          [this.leaseMs],
        )
        .update({ status: 'queued', lease_until: null });
    } catch (err) {
      this.logger.warn({ err }, 'mail: could not recover stuck rows');
    }
  }

  private async renewLeases(): Promise<void> {
    if (!this.held.size) return;
    try {
      await this.db('mail_outbox')
        .whereIn('id', [...this.held.keys()])
        .andWhere('status', 'sending')
        .update({ lease_until: this.db.raw(`now() + (? * interval '1 millisecond')`, [this.leaseMs]) });
    } catch (err) {
      this.logger.warn({ err }, 'mail: lease renewal failed');
    }
  }

  /**
   * Puts back e-mails this process holds: queued, due now, unleased (this claim only). A send
   * still open goes on; if its server accepts it after all, it is recorded sent.
   */
  private async release(rows: OutboxRow[] = [...this.held.values()]): Promise<void> {
    if (!rows.length) return;
    try {
      for (const r of rows) {
        await this.db('mail_outbox')
          .where({ id: r.id, status: 'sending', attempts: r.attempts })
          .update({ status: 'queued', lease_until: null, next_attempt_at: this.db.fn.now() });
      }
      this.logger.info({ ids: rows.map((r) => Number(r.id)) }, 'mail: released at shutdown, unsent or unanswered');
    } catch (err) {
      this.logger.warn({ err }, 'mail: could not release the e-mails in flight');
    }
  }

  private async processAll(): Promise<void> {
    const renew = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      await this.recoverStuck();
      // A few at a time: a release to many recipients should not wait on each SMTP round trip.
      // Every slot is awaited (one failing does not end the run while others send).
      const slots = await Promise.allSettled(Array.from({ length: this.concurrency }, () => this.work()));
      for (const s of slots) if (s.status === 'rejected') this.logger.error({ err: s.reason as unknown }, 'mail: processing failed');
    } catch (err) {
      this.logger.error({ err }, 'mail: processing failed');
    } finally {
      clearInterval(renew);
    }
  }

  /** One sending slot: claims one e-mail, sends it, records it; until none is due or stop(). */
  private async work(): Promise<void> {
    while (!this.stopping) {
      const row = await this.claim();
      if (!row) return;
      const id = Number(row.id);
      this.held.set(id, row);
      try {
        // Claimed while stop() began: back to the queue unsent.
        if (this.stopping) await this.release([row]);
        else await this.deliver(row);
      } finally {
        this.held.delete(id);
        this.pausedBefore.delete(id);
      }
    }
  }

  /**
   * Takes the next due e-mail whose receiving domain is under its rate and not paused
   * (DomainThrottle.claimSql). A candidate whose domain filled up meanwhile is not the end:
   * another one is tried.
   */
  private async claim(): Promise<OutboxRow | undefined> {
    for (;;) {
      const { sql, binds } = this.throttle.claimSql(
        this.clock.now(),
        `status = 'sending', attempts = attempts + 1, next_attempt_at = now(),
         lease_until = now() + (? * interval '1 millisecond'),
         message_id = coalesce(message_id,
           '<' || id || '.' || to_hex((extract(epoch from created_at) * 1000)::bigint) || '@' || ? || '>')`,
        'id, to_email, organisation_id, purpose, subject, html, text, headers, attempts, related_delivery_id, message_id',
      );
      // The outbox update's binds sit after the candidate's and the slot's in the statement.
      const setBinds = [this.leaseMs, this.domain];
      const result = await this.db.raw<{ rows: (OutboxRow & { candidates: number; domain_backoff: number | null })[] }>(sql, [...binds, ...setBinds]);
      const row = result.rows[0];
      if (row?.id != null) {
        const { candidates: _c, domain_backoff, ...claimed } = row;
        if (domain_backoff) this.pausedBefore.add(Number(claimed.id));
        return claimed as OutboxRow;
      }
      if (!row?.candidates) return undefined;
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const deliveryId = row.related_delivery_id === null ? null : Number(row.related_delivery_id);
    let accepted = false;
    try {
      // The last check before the wire: an address suppressed after the fan-out is not mailed.
      const suppressed = await this.policy?.suppressed(row);
      if (suppressed) {
        await this.recordSuppressed(row, suppressed.reason);
        return;
      }
      const identity = (await this.policy?.identity(row, this.opts.from)) ?? { from: this.opts.from };
      const headers = { ...(row.headers ?? {}), ...(identity.headers ?? {}) };
      await this.transport.send({
        ...identity,
        to: row.to_email,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: Object.keys(headers).length ? headers : undefined,
        ...(row.message_id ? { messageId: row.message_id } : {}),
      });
      accepted = true;
      // Recorded the moment the server accepted it (even if stop() released it meanwhile), in
      // one statement (one round trip: the window in which a kill -9 means a second copy).
      await this.db.raw(
        `with m as (
           update mail_outbox set status = 'sent', sent_at = now(), last_error = null, lease_until = null, return_path = ?
            where id = ? returning related_delivery_id)
         update deliveries set state = 'sent', sent_at = now(), attempts = ?, error = null
          where id = (select related_delivery_id from m)`,
        [identity.envelope?.from ?? null, row.id, row.attempts],
      );
      // Its domain had been paused (by any process) and now takes mail: the back-off starts over.
      if (this.pausedBefore.delete(Number(row.id))) await this.throttle.accepted(this.db, domainOf(row.to_email));
    } catch (err) {
      if (accepted) {
        // Sent, but not recorded (the database went away): its lease lapses and it goes again, same Message-ID.
        this.logger.error({ err, id: row.id }, 'mail: sent but could not record it');
        return;
      }
      await this.recordFailure(row, deliveryId, err);
    }
  }

  /** Suppressed since it was queued: final, nothing sent; its delivery says so. */
  private async recordSuppressed(row: OutboxRow, reason: string): Promise<void> {
    await this.db.raw(
      `with m as (
         update mail_outbox set status = 'suppressed', last_error = ?, lease_until = null
          where id = ? and status = 'sending' returning related_delivery_id)
       update deliveries set state = 'suppressed', error = ?
        where id = (select related_delivery_id from m)`,
      [`suppressed: ${reason}`, row.id, `suppressed: ${reason}`],
    );
    this.logger.info({ id: row.id, reason }, 'mail: not sent, the address is suppressed');
  }

  private async recordFailure(row: OutboxRow, deliveryId: number | null, err: unknown): Promise<void> {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const bounced = isBounce(err);
    const final = bounced || row.attempts >= this.maxAttempts;
    let delay = this.backoffMs * 2 ** (row.attempts - 1);
    const code = (err as { responseCode?: unknown } | null)?.responseCode;
    const smtpCode = typeof code === 'number' ? code : null;
    const raw = (err as { response?: unknown } | null)?.response;
    const response = (typeof raw === 'string' ? raw : reason).slice(0, 1000);
    if (!final && DomainThrottle.isDeferral(smtpCode, response)) {
      // The domain asks us to slow down: it is paused for everyone, and this e-mail waits at least as long.
      try {
        const until = await this.throttle.defer(this.db, domainOf(row.to_email), response, this.clock.now());
        delay = Math.max(delay, until.getTime() - this.clock.now().getTime());
      } catch (deferErr) {
        this.logger.warn({ err: deferErr }, 'mail: could not pause the receiving domain');
      }
    }
    try {
      await this.db.transaction(async (trx) => {
        // Only this claim's outcome: a row released at shutdown and claimed again is the other's.
        const changed = await trx('mail_outbox')
          .where({ id: row.id, attempts: row.attempts })
          .whereIn('status', ['sending', 'queued'])
          .update({
            status: final ? 'failed' : 'queued',
            last_error: reason,
            lease_until: null,
            next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [delay]),
          });
        if (changed && deliveryId !== null) {
          await trx('deliveries')
            .where('id', deliveryId)
            .update({ state: bounced ? 'bounced' : final ? 'failed' : 'queued', error: reason, attempts: row.attempts });
        }
      });
    } catch (dbErr) {
      this.logger.error({ err: dbErr, id: row.id }, 'mail: could not record a failed delivery');
      return;
    }
    this.logger.warn({ id: row.id, attempts: row.attempts, final, bounced, reason }, 'mail: delivery failed');
    // Only the receiving server's answers (a reply code), not our own connection failures.
    if (smtpCode === null) return;
    for (const listener of this.refusalListeners) {
      try {
        await listener({ row, smtpCode, response, bounced, final });
      } catch (listenerErr) {
        this.logger.error({ err: listenerErr, id: row.id }, 'mail: a refusal listener failed');
      }
    }
  }
}
