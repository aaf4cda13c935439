import { rooms } from '../../../../shared/events';
import { CATEGORIES, type Category } from '../../../../shared/constants';
import {
  ADMIN_PAGE_SIZE,
  encodeMediaCandidatesCursor,
  MEDIA_CANDIDATES_PAGE_SIZE,
  parseImportEmails,
  type ImportMediaResult,
  type MediaCandidatesCursor,
  type MediaCandidatesPage,
  type MediaListMember,
} from '../../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './media-lists.repo';

function present(r: repo.MemberRow): MediaListMember {
  return {
    id: r.id,
    category: r.category,
    media_id: r.media_id,
    created_at: new Date(r.created_at).toISOString(),
    profile: { user_id: r.media_id, name: r.name, email: r.email, organization: r.organization, status: r.status, is_active: r.is_active },
  };
}

export async function counts(ctx: AppContext) {
  const rows = await repo.countsByCategory(ctx.db);
  const out = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  for (const r of rows) out[r.category] = Number(r.n);
  return { counts: out };
}

export async function listMembers(ctx: AppContext, category: Category, q: string | undefined, page: number) {
  const pageSize = ADMIN_PAGE_SIZE.media;
  const items = await repo.listMembers(ctx.db, category, q, page, pageSize);
  const total = await repo.countMembers(ctx.db, category, q);
  return { items: items.map(present), total, page, pageSize };
}

export async function allMembers(ctx: AppContext, category: Category) {
  return (await repo.listMembers(ctx.db, category, undefined, 1, null)).map(present);
}

/** A page of the add-media dialog's candidates; one row more than the page tells whether another follows. */
export async function candidates(
  ctx: AppContext,
  category: Category,
  q: string | undefined,
  after: MediaCandidatesCursor | undefined,
): Promise<MediaCandidatesPage> {
  const rows = await repo.candidates(ctx.db, category, q, after, MEDIA_CANDIDATES_PAGE_SIZE + 1);
  const items = rows.slice(0, MEDIA_CANDIDATES_PAGE_SIZE);
  const last = items.at(-1);
  const nextCursor = rows.length > MEDIA_CANDIDATES_PAGE_SIZE && last ? encodeMediaCandidatesCursor({ name: last.name, userId: last.user_id }) : null;
  return { items, nextCursor };
}

function changed(ctx: AppContext, category: Category) {
  ctx.realtime.broadcast(rooms.role('superadmin'), 'admin:media_lists_changed', { category });
}

/** Adds media to a category: only active, approved media; those already in it are skipped. */
export async function addMembers(ctx: AppContext, actor: Actor, category: Category, mediaIds: string[]) {
  const unique = [...new Set(mediaIds)];
  const result = await ctx.db.transaction(async (trx) => {
    const eligible = await repo.eligibleMedia(trx, unique);
    if (eligible.length !== unique.length) {
      throw badRequest('validation_failed', 'Only active, approved media can be added', {
        mediaIds: 'only active, approved media can be added',
      });
    }
    const added = await repo.insertMembers(trx, category, unique);
    if (added.length) {
      const byId = new Map(eligible.map((e) => [e.user_id, e]));
      await writeAudit(trx, ctx.logger, actor, {
        action: 'media_list.add',
        entityType: 'media_list',
        entityId: category,
        metadata: {
          category,
          added: added.map((id) => ({ media_id: id, email: byId.get(id)?.email ?? null })),
          skipped: unique.length - added.length,
        },
      });
    }
    return { added: added.length, skipped: unique.length - added.length };
  });
  if (result.added) changed(ctx, category);
  return result;
}

export async function removeMember(ctx: AppContext, actor: Actor, category: Category, mediaId: string) {
  await ctx.db.transaction(async (trx) => {
    const row = await repo.removeMember(trx, category, mediaId);
    if (!row) throw notFound('This media is not in the category');
    await writeAudit(trx, ctx.logger, actor, {
      action: 'media_list.remove',
      entityType: 'media_list',
      entityId: category,
      metadata: { category, media_id: mediaId, email: row.email, name: row.name },
    });
  });
  changed(ctx, category);
}

/** Bulk import by e-mail: split on commas or new lines, trimmed, empties dropped. */
export async function importByEmails(ctx: AppContext, actor: Actor, category: Category, text: string): Promise<ImportMediaResult> {
  const emails = parseImportEmails(text);
  if (!emails.length) throw badRequest('validation_failed', 'Invalid input', { text: 'text has no e-mail addresses' });
  const result = await ctx.db.transaction(async (trx) => {
    const found = await repo.mediaByEmails(trx, emails);
    const foundEmails = new Set(found.map((f) => f.email.toLowerCase()));
    const notFound = emails.filter((e) => !foundEmails.has(e.toLowerCase()));
    const ids = [...new Set(found.map((f) => f.user_id))];
    const added = await repo.insertMembers(trx, category, ids);
    const out: ImportMediaResult = {
      total: emails.length,
      found: ids.length,
      added: added.length,
      existing: ids.length - added.length,
      notFound,
    };
    await writeAudit(trx, ctx.logger, actor, {
      action: 'media_list.bulk_import',
      entityType: 'media_list',
      entityId: category,
      metadata: { category, ...out, notFound: notFound.slice(0, 100) },
    });
    return out;
  });
  if (result.added) changed(ctx, category);
  return result;
}
