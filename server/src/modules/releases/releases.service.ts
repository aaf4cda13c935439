import { LIMITS } from '../../../../shared/constants';
import { rooms } from '../../../../shared/events';
import { normalizeSearch, toSearchText } from '../../../../shared/search-text';
import type { ReleaseCreateBody, ReleaseListQuery, ReleaseListResponse } from '../../../../shared/schemas/releases';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import { copyDocument, releaseDocName } from '../../collab/persistence';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { assertRoleMay, requireActive, requireRelease } from '../organisations/access';
import { REMOVE_ACTION } from '../../../../shared/organisation-roles';
import { presentDetail, presentListRow } from './releases.presenter';
import * as lifecycle from './releases.lifecycle';
import * as repo from './releases.repo';

export const DUPLICATE_SUFFIX = ' (αντίγραφο)';

/**
 * The active organisation's releases (everyone's, with author and co-editors; with `mine`, only
 * those the caller created or edited): search, filters and pages.
 */
export async function listReleases(ctx: AppContext, actor: Actor, query: ReleaseListQuery): Promise<ReleaseListResponse> {
  const m = await requireActive(ctx.db, actor, 'read');
  const pageSize = LIMITS.listPageSize;
  const search = normalizeSearch(query.q.trim());
  const filter = {
    organisationId: m.organisationId,
    userId: actor.userId,
    mine: query.mine,
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
  const totalAll = noFilter ? total : await repo.countAll(ctx.db, filter);
  return { items: rows.map(presentListRow), total, page, pageCount, pageSize, totalAll };
}

/** One release, for a member of its organisation (404 for anyone else), with the caller's role. */
export async function getRelease(ctx: AppContext, actor: Actor, id: string) {
  const { membership } = await requireRelease(ctx.db, actor, id, 'read');
  const row = await repo.findDetail(ctx.db, id);
  if (!row) throw notFound('Press release not found');
  return presentDetail(row, membership);
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

/** The organisation's lists refetch (a colleague's new release appears live in everyone's list). */
function announceChanged(ctx: AppContext, organisationId: string, releaseId: string, reason: 'created' | 'duplicated'): void {
  ctx.realtime.broadcast(rooms.organisation(organisationId), 'releases:changed', { releaseId, reason });
}

/**
 * A new draft in the caller's active organisation (a role that writes), with the caller as its
 * author and the organisation's default category ticked unless the body says otherwise.
 */
export async function createDraft(ctx: AppContext, actor: Actor, body: ReleaseCreateBody = { title: '', content: '' }): Promise<{ id: string }> {
  const row = await ctx.db.transaction(async (trx) => {
    const m = await requireActive(trx, actor, 'write');
    const category = body.category === undefined ? await repo.defaultCategoryOf(trx, m.organisationId) : body.category;
    const contentText = body.content.trim();
    return repo.insertRelease(trx, {
      title: body.title,
      content: textToHtml(contentText),
      content_text: contentText,
      search_text: toSearchText(body.title, contentText),
      category,
      status: 'draft',
      author_id: actor.userId,
      organisation_id: m.organisationId,
      media_list_categories: category ? [category] : [],
      edited_at: body.title.trim() || contentText ? trx.fn.now() : null,
    });
  });
  announceChanged(ctx, row.organisation_id, row.id, 'created');
  return { id: row.id };
}

/** A copy of a release as a new draft of the same organisation; the member who copies it is its author. */
export async function duplicateRelease(ctx: AppContext, actor: Actor, id: string) {
  const { membership } = await requireRelease(ctx.db, actor, id, 'write');
  // Store what co-editors typed a moment ago, so the copy has it.
  await ctx.collab.flushRelease(id);
  const copy = await ctx.db.transaction(async (trx) => {
    const original = await repo.findRelease(trx, id);
    if (!original) throw notFound('Press release not found');
    const title = `${original.title}${DUPLICATE_SUFFIX}`;
    const created = await repo.insertRelease(trx, {
      title,
      content: original.content,
      content_text: original.content_text,
      search_text: toSearchText(title, original.content_text),
      category: original.category,
      status: 'draft',
      author_id: actor.userId,
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
  announceChanged(ctx, copy.organisation_id, copy.id, 'duplicated');
  return presentDetail({ ...copy, author_name: actor.name }, membership);
}

/** Delete from the list: a draft goes for good, a sent release is archived (see the lifecycle); the role is checked on the locked row. */
export async function removeRelease(ctx: AppContext, actor: Actor, id: string): Promise<'deleted' | 'archived'> {
  const { membership } = await requireRelease(ctx.db, actor, id, 'write');
  return lifecycle.removeRelease(ctx, actor, id, (row) => {
    assertRoleMay(membership, REMOVE_ACTION[row.status as keyof typeof REMOVE_ACTION] ?? 'send');
    return true;
  });
}
