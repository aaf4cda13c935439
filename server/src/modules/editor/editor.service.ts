import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../../../shared/constants';
import type { ReleaseState, SendPreview, TestEmail } from '../../../../shared/schemas/editor';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { siteUrl } from '../distribution/distribution.service';
import type { SendableRelease } from '../distribution/distribution.repo';
import { presentState } from '../releases/releases.presenter';
import { scheduleRelease, sendRelease, UNRENDERABLE_MESSAGE, unscheduleRelease } from '../releases/releases.lifecycle';
import { sendPreview, sendTestEmail, testEmailState } from '../distribution/send-preview';
import { assertMayMailOnBehalf } from '../auth/mail-on-behalf';
import { requireRelease } from '../organisations/access';
import type { OrganisationAction } from '../../../../shared/organisation-roles';

/** The row the editor's actions read (the same row distribution sends). */
type ReleaseRow = SendableRelease;

export { presentState };

/** Save, schedule and send of the editor. The document itself is saved live; these act on the row. */
export class EditorService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Stores what the live document holds and returns the row (Save: no validation), for a member
   * of the release's organisation whose role may do `action` (404 for anyone else, 403 `role_forbidden`).
   */
  async load(actor: Actor, releaseId: string, action: OrganisationAction): Promise<ReleaseRow> {
    await requireRelease(this.ctx.db, actor, releaseId, action);
    await this.ctx.collab.flushRelease(releaseId);
    const row = await this.ctx.db('press_releases').where('id', releaseId).first<ReleaseRow | undefined>();
    if (!row) throw notFound('Press release not found');
    return row;
  }

  /** Schedules the send: the lifecycle changes the row and its durable job together. */
  async schedule(actor: Actor, releaseId: string, scheduledAt: Date): Promise<ReleaseState> {
    const row = await this.load(actor, releaseId, 'schedule');
    await assertMayMailOnBehalf(this.ctx.db, actor.userId, row.organisation_id);
    if (scheduledAt.getTime() < this.ctx.clock.now().getTime() - 60_000) {
      throw badRequest('schedule_in_past', 'The scheduled time has passed', { scheduledAt: 'must be in the future' });
    }
    return scheduleRelease(this.ctx, actor, releaseId, scheduledAt, siteUrl(this.ctx));
  }

  async unschedule(actor: Actor, releaseId: string): Promise<ReleaseState> {
    await this.load(actor, releaseId, 'schedule');
    return unscheduleRelease(this.ctx, actor, releaseId);
  }

  /** Send now: delivered to every recipient at once (see the lifecycle and distribution). */
  async send(actor: Actor, releaseId: string): Promise<ReleaseState> {
    // Not load(): the send's freeze stores and derives the live document itself (after it
    // refuses further changes), so storing and deriving it here first was done twice.
    const { release } = await requireRelease(this.ctx.db, actor, releaseId, 'send');
    await assertMayMailOnBehalf(this.ctx.db, actor.userId, release.organisation_id);
    const done = await sendRelease(this.ctx, releaseId, { actor, baseUrl: siteUrl(this.ctx), fromScheduled: false });
    if (!done) throw new HttpError(409, 'already_sent', 'Το δελτίο τύπου έχει ήδη σταλεί');
    return { ...done.state, recipients: done.recipients };
  }

  /** Who Send now would reach and the e-mail they would get (the confirmation dialog). */
  async sendPreview(actor: Actor, releaseId: string): Promise<SendPreview> {
    return sendPreview(this.ctx, await this.load(actor, releaseId, 'read'));
  }

  /** The release's e-mail to the sender's own address, marked as a test and never tracked. */
  async testEmail(actor: Actor, releaseId: string): Promise<TestEmail> {
    const row = await this.load(actor, releaseId, 'write');
    await assertMayMailOnBehalf(this.ctx.db, actor.userId, row.organisation_id);
    if (row.render_error) throw new HttpError(422, 'not_rendered', UNRENDERABLE_MESSAGE, { content: row.render_error });
    return sendTestEmail(this.ctx, actor.userId, row);
  }

  async testEmailState(actor: Actor, releaseId: string, mailId: number): Promise<TestEmail> {
    await requireRelease(this.ctx.db, actor, releaseId, 'write');
    return testEmailState(this.ctx, actor.userId, mailId);
  }

  /** The release's state (GET: any member); Save (`write`) stores the live document first the same way. */
  async state(actor: Actor, releaseId: string, action: OrganisationAction = 'read'): Promise<ReleaseState> {
    return presentState(await this.load(actor, releaseId, action));
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
