import type { Knex } from 'knex';
import { CLOSE_REJECTED } from '../../../../shared/editor/collab-protocol';
import { suggestionAuthor } from '../../../../shared/editor/suggestion-marks';
import { rooms } from '../../../../shared/events';
import { roleMay } from '../../../../shared/organisation-roles';
import { SUGGESTION_TEXT, type SuggestionKind, type SuggestionList, type SuggestionResolved } from '../../../../shared/schemas/suggestions';
import { UpdateRefused } from '../../collab/shared-doc';
import { contentNode, pendingSuggestions, resolveInto, suggestionRows, type PendingSuggestion } from '../../collab/suggestions';
import { reviewCountOf } from '../review/review-counts';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { assertRoleMay, requireRelease } from '../organisations/access';
import { namesOf } from '../versions/versions.repo';

/**
 * Suggested changes: the list (from `release_suggestions`, which collab/derive.ts keeps in step
 * with the document) and the decisions. Accepting or rejecting runs on the server with the
 * library's own commands on the live document, through the path a co-editor's update takes
 * (ctx.collab.applyChange, as restoring a version does): checked, stored, derived and relayed
 * to every open editor and every process.
 */

interface SuggestionRelease {
  id: string;
  organisation_id: string;
  status: string;
}

const editable = (status: string) => status === 'draft' || status === 'scheduled';

function releaseLocked(): HttpError {
  return new HttpError(409, 'release_locked', SUGGESTION_TEXT.releaseLocked);
}

export async function listSuggestions(ctx: AppContext, actor: Actor, releaseId: string): Promise<SuggestionList> {
  const { release, membership } = await requireRelease<SuggestionRelease>(ctx.db, actor, releaseId, 'read', ['status']);
  const rows = (await ctx.db('release_suggestions')
    .where('press_release_id', releaseId)
    .whereNull('resolved_at')
    .orderBy([{ column: 'first_seen_at' }, { column: 'id' }])
    .select('id', 'author_id', 'kind', 'excerpt', 'first_seen_at')) as { id: string; author_id: string | null; kind: SuggestionKind; excerpt: string; first_seen_at: Date }[];
  const names = await namesOf(ctx.db, rows.flatMap((r) => (r.author_id ? [r.author_id] : [])));
  return {
    suggestions: rows.map((r) => ({
      id: r.id,
      author: r.author_id ? { id: r.author_id, name: names.get(r.author_id) ?? 'Χρήστης' } : null,
      kind: r.kind,
      excerpt: r.excerpt,
      createdAt: r.first_seen_at.toISOString(),
    })),
    mayResolve: editable(release.status) && roleMay(membership.role, 'write'),
  };
}

export type Outcome = 'accepted' | 'rejected';

/**
 * Accepts or rejects one suggestion (`sid`) or all of them (null). Accepting, and deciding on all,
 * is for the roles that write; a suggestion's own author (a reviewer) may also reject (withdraw) it.
 * 404 for an id the document does not hold (any more), 409 release_locked once the release is sent.
 */
export async function resolveSuggestions(ctx: AppContext, actor: Actor, releaseId: string, sid: string | null, outcome: Outcome): Promise<SuggestionResolved> {
  const { release, membership } = await requireRelease<SuggestionRelease>(ctx.db, actor, releaseId, 'comment', ['status']);
  const ownWithdrawal = outcome === 'rejected' && sid !== null && suggestionAuthor(sid) === actor.userId;
  if (!ownWithdrawal) assertRoleMay(membership, 'write');
  if (!editable(release.status)) throw releaseLocked();
  // Every process holding the document stores what it has first, so the decision sees every keystroke.
  await ctx.collab.flushRelease(releaseId);
  const found: { resolved: PendingSuggestion[]; missing: boolean } = { resolved: [], missing: false };
  try {
    await ctx.collab.applyChange(
      releaseId,
      (doc) => {
        const node = contentNode(doc);
        const pending = pendingSuggestions(node);
        const resolved = sid === null ? pending : pending.filter((s) => s.id === sid);
        if (sid !== null && !resolved.length) {
          found.missing = true;
          return;
        }
        found.resolved = resolved;
        if (resolved.length) resolveInto(doc, sid, outcome === 'accepted' ? 'accept' : 'reject', node);
      },
      actor.userId,
    );
  } catch (err) {
    if (err instanceof UpdateRefused && err.code === CLOSE_REJECTED) throw new HttpError(422, 'suggestion_not_resolvable', SUGGESTION_TEXT.notResolvable);
    if (err instanceof UpdateRefused) throw releaseLocked();
    throw err;
  }
  if (found.missing) throw notFound(SUGGESTION_TEXT.notFound);
  const ids = found.resolved.map((s) => s.id);
  const pendingCount = await ctx.db.transaction(async (trx) => {
    if (ids.length) {
      await recordOutcome(trx, releaseId, found.resolved, outcome, actor.userId);
      await writeAudit(trx, ctx.logger, actor, {
        entityType: 'press_release',
        entityId: releaseId,
        action: outcome === 'accepted' ? 'suggestion.accepted' : 'suggestion.rejected',
        metadata:
          sid === null
            ? { all: true, suggestionIds: ids }
            : { suggestionId: sid, kind: found.resolved[0]!.kind, excerpt: found.resolved[0]!.excerpt, authorId: found.resolved[0]!.authorId },
      });
    }
    const row = (await trx('press_releases').where('id', releaseId).first('pending_suggestions')) as { pending_suggestions: number } | undefined;
    return row?.pending_suggestions ?? 0;
  });
  return { resolved: ids, outcome, pendingSuggestions: pendingCount };
}

/**
 * The decision on the suggestions' rows. The derive that followed the change has already closed
 * them as `edited` (their ids left the document); the route's outcome replaces that.
 */
async function recordOutcome(trx: Knex.Transaction, releaseId: string, resolved: PendingSuggestion[], outcome: Outcome, userId: string): Promise<void> {
  const rows = await suggestionRows(trx, releaseId, resolved);
  await trx('release_suggestions')
    .insert(rows.map((r) => ({ ...r, resolved_at: trx.fn.now(), resolved_by: userId, outcome })))
    .onConflict(['press_release_id', 'id'])
    .merge(['resolved_at', 'resolved_by', 'outcome']);
}


/** A derive changed a release's pending suggestions: its organisation's screens refetch (after commit). */
export function registerSuggestionHooks(ctx: AppContext): void {
  ctx.collab.onReviewChanged((releaseId, review) => {
    void reviewCountOf(ctx.db, releaseId)
      .then(({ openComments }) =>
        ctx.realtime.broadcast(rooms.organisation(review.organisationId), 'release:review', { releaseId, openComments, pendingSuggestions: review.pendingSuggestions }),
      )
      .catch((err: unknown) => ctx.logger.warn({ err, releaseId }, 'suggestions: review event failed'));
  });
}
