import { CATEGORIES, type Category } from '../../../../shared/constants';
import type { ReleaseState } from '../../../../shared/schemas/editor';
import type { ReleaseDetail, ReleaseListItem, ReleaseListRow as ListRowPayload } from '../../../../shared/schemas/releases';
import type { Membership } from '../organisations/access';
import type { SendableRelease } from '../distribution/distribution.repo';
import type { ReleaseListRow, ReleaseRow } from './releases.repo';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

type ItemRow = Omit<ReleaseListRow, 'author_name' | 'co_editors' | 'open_comments' | 'pending_suggestions'> & { author_name?: string | null };

export function presentListItem(r: ItemRow): ReleaseListItem {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category,
    status: r.status,
    author: r.author_id ? { id: r.author_id, name: r.author_name?.trim() || 'Χρήστης' } : null,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    scheduled_at: iso(r.scheduled_at),
    sent_at: iso(r.sent_at),
  };
}

/** A row of the organisation's list, with its author and co-editors by name. */
export function presentListRow(r: ReleaseListRow): ListRowPayload {
  return {
    ...presentListItem(r),
    co_editors: r.co_editors ?? [],
    openComments: Number(r.open_comments ?? 0),
    pendingSuggestions: Number(r.pending_suggestions ?? 0),
  };
}

/** One release as the editor opens it, with the caller's role in its organisation. */
export function presentDetail(r: ReleaseRow & { author_name?: string | null }, m: Pick<Membership, 'role'>): ReleaseDetail {
  return {
    ...presentListItem(r),
    content_text: r.content_text,
    organisation_id: r.organisation_id,
    media_list_categories: r.media_list_categories ?? [],
    my_role: m.role,
  };
}

/** The editor's view of a release's lifecycle state (also the `release:state` event). */
export function presentState(r: SendableRelease): ReleaseState {
  return {
    id: r.id,
    status: r.status,
    scheduledAt: iso(r.scheduled_at),
    sentAt: iso(r.sent_at),
    title: r.title,
    category: r.category,
    mediaLists: (r.media_list_categories ?? []).filter((c): c is Category => (CATEGORIES as readonly string[]).includes(c)),
    updatedAt: new Date(r.updated_at).toISOString(),
    renderError: r.render_error ?? null,
    embargoUntil: iso(r.embargo_until ?? null),
  };
}
