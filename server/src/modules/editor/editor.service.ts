import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../../../shared/constants';
import { rooms } from '../../../../shared/events';
import type { ReleaseState } from '../../../../shared/schemas/editor';
import { editableRelease } from '../../collab/access';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { distribute, SEND_JOB, sendJobKey, siteUrl } from '../distribution/distribution.service';
import { missingFields } from '../distribution/distribution.policy';
import type { SendableRelease } from '../distribution/distribution.repo';

/** The row the editor's actions read (the same row distribution sends). */
type ReleaseRow = SendableRelease;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function presentState(r: ReleaseRow): ReleaseState {
  return {
    id: r.id,
    status: r.status,
    scheduledAt: iso(r.scheduled_at),
    sentAt: iso(r.sent_at),
    title: r.title,
    category: r.category,
    mediaLists: (r.media_list_categories ?? []).filter((c): c is Category => (CATEGORIES as readonly string[]).includes(c)),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** Save, schedule and send of the editor. The document itself is saved live; these act on the row. */
export class EditorService {
  constructor(private readonly ctx: AppContext) {}

  /** Stores what the live document holds and returns the row (Save: no validation). */
  async load(actor: Actor, releaseId: string): Promise<ReleaseRow> {
    if (!(await editableRelease(this.ctx.db, actor.userId, releaseId))) throw notFound('Press release not found');
    await this.ctx.collab.flushRelease(releaseId);
    const row = await this.ctx.db('press_releases').where('id', releaseId).first<ReleaseRow | undefined>();
    if (!row) throw notFound('Press release not found');
    return row;
  }

  private requireSendable(actor: Actor, row: ReleaseRow): void {
    if (actor.status !== 'approved') {
      throw new HttpError(403, 'account_pending', 'Your account must be approved by an administrator before you can send press releases');
    }
    if (row.status === 'sent') throw conflict('already_sent', 'This press release has already been sent');
    const missing = missingFields(row);
    if (missing) throw badRequest('missing_fields', 'Title, content and category are required', missing);
  }

  /** Schedules the send: the row and its durable job change together. */
  async schedule(actor: Actor, releaseId: string, scheduledAt: Date, origin: string): Promise<ReleaseState> {
    const row = await this.load(actor, releaseId);
    this.requireSendable(actor, row);
    if (scheduledAt.getTime() < Date.now() - 60_000) {
      throw badRequest('schedule_in_past', 'The scheduled time has passed', { scheduledAt: 'must be in the future' });
    }
    const updated = await this.ctx.db.transaction(async (trx) => {
      const [u] = (await trx('press_releases')
        .where('id', releaseId)
        .whereNot('status', 'sent')
        .update({ status: 'scheduled', scheduled_at: scheduledAt })
        .returning('*')) as ReleaseRow[];
      if (!u) throw conflict('already_sent', 'This press release has already been sent');
      await this.ctx.jobs.schedule(
        SEND_JOB,
        { releaseId, baseUrl: siteUrl(this.ctx, origin) },
        { runAt: scheduledAt, dedupeKey: sendJobKey(releaseId), onConflict: 'replace' },
        trx,
      );
      return u;
    });
    this.ctx.jobs.kick();
    return this.announce(updated);
  }

  async unschedule(actor: Actor, releaseId: string): Promise<ReleaseState> {
    const row = await this.load(actor, releaseId);
    if (row.status !== 'scheduled') throw conflict('not_scheduled', 'This press release is not scheduled');
    const updated = await this.ctx.db.transaction(async (trx) => {
      const [u] = (await trx('press_releases')
        .where({ id: releaseId, status: 'scheduled' })
        .update({ status: 'draft', scheduled_at: null })
        .returning('*')) as ReleaseRow[];
      if (!u) throw conflict('not_scheduled', 'This press release is not scheduled');
      await this.ctx.jobs.cancel(sendJobKey(releaseId), trx);
      return u;
    });
    return this.announce(updated);
  }

  /** Send now: delivered to every recipient at once (see distribution). */
  async send(actor: Actor, releaseId: string, origin: string): Promise<ReleaseState> {
    const row = await this.load(actor, releaseId);
    this.requireSendable(actor, row);
    const done = await distribute(this.ctx, releaseId, { actor, baseUrl: siteUrl(this.ctx, origin), fromScheduled: false });
    if (!done) throw conflict('already_sent', 'This press release has already been sent');
    return { ...this.announce(done.release), recipients: done.recipients };
  }

  async state(actor: Actor, releaseId: string): Promise<ReleaseState> {
    return presentState(await this.load(actor, releaseId));
  }

  private announce(row: ReleaseRow): ReleaseState {
    const state = presentState(row);
    if (row.workspace_id) this.ctx.realtime.broadcast(rooms.workspace(row.workspace_id), 'release:state', state);
    return state;
  }

  /** The category media lists with their real member counts (approved, active media). */
  async mediaListSummary() {
    const rows = (await this.ctx.db('media_lists as l')
      .join('profiles as p', 'p.user_id', 'l.media_id')
      .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true })
      .groupBy('l.category')
      .select('l.category', this.ctx.db.raw('count(*)::int as count'))) as { category: Category; count: number }[];
    return CATEGORIES.map((category) => ({
      category,
      label: CATEGORY_LABELS[category],
      count: rows.find((r) => r.category === category)?.count ?? 0,
    }));
  }
}
