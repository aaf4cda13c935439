import { CATEGORIES, type Category } from '../../../../shared/constants';
import type { ReleaseState } from '../../../../shared/schemas/editor';
import type { ReleaseDetail, ReleaseListItem } from '../../../../shared/schemas/releases';
import type { SendableRelease } from '../distribution/distribution.repo';
import type { ReleaseListRow, ReleaseRow } from './releases.repo';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function presentListItem(r: ReleaseListRow): ReleaseListItem {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    category: r.category,
    status: r.status,
    client_id: r.client_id,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    scheduled_at: iso(r.scheduled_at),
    sent_at: iso(r.sent_at),
  };
}

export function presentDetail(r: ReleaseRow): ReleaseDetail {
  return {
    ...presentListItem(r),
    content_text: r.content_text,
    organisation_id: r.organisation_id,
    media_list_categories: r.media_list_categories ?? [],
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
