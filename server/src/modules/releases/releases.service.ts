import { LIMITS } from '../../../../shared/constants';
import { rooms } from '../../../../shared/events';
import { normalizeSearch, toSearchText } from '../../../../shared/search-text';
import type { ReleaseCreateBody, ReleaseListQuery, ReleaseListResponse } from '../../../../shared/schemas/releases';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import { copyDocument, releaseDocName } from '../../collab/persistence';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { canManage, canRead } from './releases.policy';
import { presentDetail, presentListItem } from './releases.presenter';
import * as lifecycle from './releases.lifecycle';
import * as repo from './releases.repo';

export const DUPLICATE_SUFFIX = ' (αντίγραφο)';

export async function listOwnReleases(ctx: AppContext, actor: Actor, query: ReleaseListQuery): Promise<ReleaseListResponse> {
  const pageSize = LIMITS.listPageSize;
  const search = normalizeSearch(query.q.trim());
  const filter = {
    clientId: actor.userId,
    search,
    category: query.category === 'all' ? null : query.category,
    status: query.status === 'all' ? null : query.status,
  };
  let page = query.page;
  let { rows, total } = await repo.listReleases(ctx.db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) {
    // Past the end (e.g. after deleting the last row of the last page): serve the last page.
    page = pageCount;
    ({ rows, total } = await repo.listReleases(ctx.db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize }));
  }
  const noFilter = !search && !filter.category && !filter.status;
  const totalAll = noFilter ? total : await repo.countOwn(ctx.db, actor.userId);
  return { items: rows.map(presentListItem), total, page, pageCount, pageSize, totalAll };
}

/** Loads a release the actor may read; anything else is a 404 (no existence leak). */
async function readable(ctx: AppContext, actor: Actor, id: string): Promise<repo.ReleaseRow> {
  const row = await repo.findRelease(ctx.db, id);
  if (!row) throw notFound('Press release not found');
  const member = row.client_id === actor.userId ? true : await repo.isWorkspaceMember(ctx.db, row, actor.userId);
  if (!canRead(actor, row, member)) throw notFound('Press release not found');
  return row;
}

export async function getRelease(ctx: AppContext, actor: Actor, id: string) {
  return presentDetail(await readable(ctx, actor, id));
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text to the stored HTML: one paragraph per blank-line-separated block. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export async function createDraft(ctx: AppContext, actor: Actor, body: ReleaseCreateBody = { title: '', content: '' }): Promise<{ id: string }> {
  const row = await ctx.db.transaction(async (trx) => {
    const workspaceId = await repo.ownedWorkspaceId(trx, actor.userId);
    const category = body.category === undefined ? await repo.defaultCategoryOf(trx, actor.userId) : body.category;
    const contentText = body.content.trim();
    return repo.insertRelease(trx, {
      title: body.title,
      content: textToHtml(contentText),
      content_text: contentText,
      search_text: toSearchText(body.title, contentText),
      category,
      status: 'draft',
      client_id: actor.userId,
      organisation_id: workspaceId,
      media_list_categories: category ? [category] : [],
      edited_at: body.title.trim() || contentText ? trx.fn.now() : null,
    });
  });
  ctx.realtime.broadcast(rooms.user(actor.userId), 'releases:changed', { releaseId: row.id, reason: 'created' });
  return { id: row.id };
}

export async function duplicateRelease(ctx: AppContext, actor: Actor, id: string) {
  // Store what co-editors typed a moment ago, so the copy has it.
  await ctx.collab.flushRelease(id);
  const copy = await ctx.db.transaction(async (trx) => {
    const original = await repo.findRelease(trx, id);
    if (!original || !canManage(actor, original)) throw notFound('Press release not found');
    const title = `${original.title}${DUPLICATE_SUFFIX}`;
    const created = await repo.insertRelease(trx, {
      title,
      content: original.content,
      content_text: original.content_text,
      search_text: toSearchText(title, original.content_text),
      category: original.category,
      status: 'draft',
      client_id: original.client_id,
      organisation_id: original.organisation_id,
      media_list_categories: original.media_list_categories ?? [],
      edited_at: trx.fn.now(),
    });
    // The copy gets its own live document: the same rich text, the new title.
    await copyDocument(trx, releaseDocName(id), releaseDocName(created.id), (doc) => {
      const t = doc.getText(TITLE_FIELD);
      doc.transact(() => {
        t.delete(0, t.length);
        t.insert(0, title);
      });
    });
    return created;
  });
  ctx.realtime.broadcast(rooms.user(actor.userId), 'releases:changed', { releaseId: copy.id, reason: 'duplicated' });
  return presentDetail(copy);
}

/** Delete from the list: a draft goes for good, a sent release is archived (see the lifecycle). */
export async function removeRelease(ctx: AppContext, actor: Actor, id: string): Promise<'deleted' | 'archived'> {
  return lifecycle.removeRelease(ctx, actor, id, (row) => canManage(actor, row));
}
