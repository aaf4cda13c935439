import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import type { Logger } from '../logger';
import type { MailTransport } from './transport';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind?: 'email' | 'newsletter';
  headers?: Record<string, string>;
  /** The release delivery this e-mail carries: its state follows the outbox row. */
  deliveryId?: number;
}

interface OutboxRow {
  id: number;
  to_email: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
  attempts: number;
  related_delivery_id: number | string | null;
}

/** A permanent refusal of the recipient by the receiving server (5xx on RCPT/DATA): a bounce. */
export function isBounce(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  const code = typeof e?.responseCode === 'number' ? e.responseCode : NaN;
  return code >= 500 && code < 600 && (e?.code === 'EENVELOPE' || e?.code === 'EMESSAGE');
}

const outboxRow = (msg: MailMessage) => ({
  kind: msg.kind ?? 'email',
  to_email: msg.to,
  subject: msg.subject,
  html: msg.html,
  text: msg.text,
  headers: JSON.stringify(msg.headers ?? {}),
  related_delivery_id: msg.deliveryId ?? null,
  status: 'queued',
});

export interface MailerOptions {
  from: string;
  maxAttempts?: number;
  /** Base of the exponential back-off between attempts, in ms. */
  backoffMs?: number;
  pollMs?: number;
  /** An e-mail being sent is leased for this long and renewed by its process (default 20 s). */
  leaseMs?: number;
}

/**
 * The one mail module. enqueue() writes to the durable outbox (inside the caller's
 * transaction when given one); a worker claims due rows with SKIP LOCKED, sends
 * them through the transport and retries failures with back-off.
 */
export class Mailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly leaseMs: number;
  /** Rows this process is sending, whose leases it renews. */
  private readonly held = new Set<number>();

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly opts: MailerOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.backoffMs = opts.backoffMs ?? 30_000;
    this.leaseMs = opts.leaseMs ?? 20_000;
  }

  async enqueue(msg: MailMessage, trx: Knex | Knex.Transaction = this.db): Promise<number> {
    const [row] = (await trx('mail_outbox').insert(outboxRow(msg)).returning('id')) as { id: number }[];
    // Outside a transaction the row is visible now; inside one, the poll picks it up
    // after commit (callers may kick() after committing for immediate delivery).
    if (trx === this.db) this.kick();
    return Number(row!.id);
  }

  /** Many messages in one statement per chunk (a release to its recipients); kick() after commit. */
  async enqueueMany(msgs: MailMessage[], trx: Knex | Knex.Transaction = this.db): Promise<void> {
    for (let i = 0; i < msgs.length; i += 500) {
      await trx('mail_outbox').insert(msgs.slice(i, i + 500).map(outboxRow));
    }
    if (trx === this.db && msgs.length) this.kick();
  }

  /** Processes due mail soon, without waiting for the next poll. */
  kick(): void {
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.processAll().finally(() => {
      this.running = undefined;
      if (this.rerun) {
        this.rerun = false;
        this.kick();
      }
    });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 5_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
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
   * the claim time) go back to the queue: within 30 s, not after minutes.
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
        .whereIn('id', [...this.held])
        .andWhere('status', 'sending')
        .update({ lease_until: this.db.raw(`now() + (? * interval '1 millisecond')`, [this.leaseMs]) });
    } catch (err) {
      this.logger.warn({ err }, 'mail: lease renewal failed');
    }
  }

  private async processAll(): Promise<void> {
    const renew = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      await this.recoverStuck();
      for (;;) {
        const batch = await this.claim(20);
        if (!batch.length) return;
        for (const row of batch) this.held.add(Number(row.id));
        // A few at a time: a release to many recipients should not wait on each SMTP round trip.
        for (let i = 0; i < batch.length; i += 5) {
          await Promise.all(
            batch.slice(i, i + 5).map((row) => this.deliver(row).finally(() => this.held.delete(Number(row.id)))),
          );
        }
      }
    } catch (err) {
      this.logger.error({ err }, 'mail: processing failed');
    } finally {
      clearInterval(renew);
      this.held.clear();
    }
  }

  private async claim(limit: number): Promise<OutboxRow[]> {
    const result = await this.db.raw<{ rows: OutboxRow[] }>(
      `update mail_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = now(),
              lease_until = now() + (? * interval '1 millisecond')
         where id in (
           select id from mail_outbox
            where status = 'queued' and next_attempt_at <= now()
            order by id
            limit ?
            for update skip locked)
       returning id, to_email, subject, html, text, headers, attempts, related_delivery_id`,
      [this.leaseMs, limit],
    );
    return result.rows;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const deliveryId = row.related_delivery_id === null ? null : Number(row.related_delivery_id);
    try {
      const headers = row.headers && Object.keys(row.headers).length ? row.headers : undefined;
      await this.transport.send({ from: this.opts.from, to: row.to_email, subject: row.subject, html: row.html, text: row.text, headers });
      await this.db.transaction(async (trx) => {
        await trx('mail_outbox').where('id', row.id).update({ status: 'sent', sent_at: trx.fn.now(), last_error: null, lease_until: null });
        if (deliveryId !== null) {
          await trx('deliveries')
            .where('id', deliveryId)
            .update({ state: 'sent', sent_at: trx.fn.now(), attempts: row.attempts, error: null });
        }
      });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const bounced = isBounce(err);
      const final = bounced || row.attempts >= this.maxAttempts;
      const delay = this.backoffMs * 2 ** (row.attempts - 1);
      await this.db.transaction(async (trx) => {
        await trx('mail_outbox')
          .where('id', row.id)
          .update({
            status: final ? 'failed' : 'queued',
            last_error: reason,
            lease_until: null,
            next_attempt_at: trx.raw(`now() + (? * interval '1 millisecond')`, [delay]),
          });
        if (deliveryId !== null) {
          await trx('deliveries')
            .where('id', deliveryId)
            .update({ state: bounced ? 'bounced' : final ? 'failed' : 'queued', error: reason, attempts: row.attempts });
        }
      });
      this.logger.warn({ id: row.id, attempts: row.attempts, final, bounced, reason }, 'mail: delivery failed');
    }
  }
}
