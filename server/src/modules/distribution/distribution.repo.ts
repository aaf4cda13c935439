import type { Knex } from 'knex';
import type { Category, ReleaseStatus } from '../../../../shared/constants';

export interface SendableRelease {
  id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  status: ReleaseStatus;
  scheduled_at: Date | null;
  sent_at: Date | null;
  media_list_categories: string[];
  client_id: string;
  workspace_id: string | null;
  updated_at: Date;
  edited_at: Date | null;
  /** Why the live document could not be rendered (sending refuses while set). */
  render_error: string | null;
  /** The embargo the editors set (derived from the document), or null. */
  embargo_until: Date | null;
}

export interface Recipient {
  id: number;
  recipient_user_id: string;
  email: string;
}

export interface Sender {
  id: string;
  company: string;
}

/** The category lists a release goes to: those chosen in the editor, else its own category's. */
export function listsOf(r: Pick<SendableRelease, 'media_list_categories' | 'category'>): string[] {
  if (r.media_list_categories?.length) return r.media_list_categories;
  return r.category ? [r.category] : [];
}

/**
 * Creates one delivery per recipient in a single statement: approved, active media in
 * any of the release's category lists (once, even if in several), minus those who
 * unsubscribed from everything, from this sender or from the release's category.
 */
export async function insertDeliveries(trx: Knex.Transaction, r: SendableRelease, senderId: string): Promise<Recipient[]> {
  const result = await trx.raw<{ rows: Recipient[] }>(
    `insert into deliveries (press_release_id, recipient_user_id, email, state)
     select ?, p.user_id, p.email, 'queued'
       from profiles p
      where p.role = 'media' and p.status = 'approved' and p.is_active
        and exists (select 1 from media_lists l where l.media_id = p.user_id and l.category = any(?::text[]))
        and not exists (
          select 1 from unsubscribes s
           where s.user_id = p.user_id
             and (s.scope = 'all'
                  or (s.scope = 'sender' and s.sender_client_id in (?, ?))
                  or (s.scope = 'category' and s.category = ?)))
     on conflict (press_release_id, recipient_user_id) do nothing
     returning id, recipient_user_id, email`,
    [r.id, listsOf(r), senderId, r.client_id, r.category ?? ''],
  );
  return result.rows.map((d) => ({ ...d, id: Number(d.id) }));
}

export async function ensureReportingRow(trx: Knex.Transaction, releaseId: string): Promise<void> {
  await trx.raw('insert into reporting (press_release_id) values (?) on conflict (press_release_id) do nothing', [releaseId]);
}

export async function releaseAttachments(q: Knex | Knex.Transaction, releaseId: string) {
  return (await q('release_attachments')
    .where('press_release_id', releaseId)
    .orderBy('created_at')
    .select('id', 'file_name', 'size_bytes')) as { id: string; file_name: string; size_bytes: string | number }[];
}
