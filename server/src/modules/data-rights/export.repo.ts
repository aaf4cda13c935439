import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;
const PAGE = 500;

/**
 * The rows of one part of a data export, a page at a time in `key` order (keyset paging: a large
 * inbox is never loaded whole). `build` returns the query without order or limit.
 */
export async function* paged<T extends Record<string, unknown>>(build: () => Knex.QueryBuilder, key: string, keyAlias = key.split('.').pop()!): AsyncIterable<T[]> {
  let after: unknown;
  for (;;) {
    const q = build().orderBy(key).limit(PAGE);
    if (after !== undefined) void q.where(key, '>', after);
    const rows = (await q) as T[];
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]![keyAlias];
  }
}

/** Everything one export reads, by the person it is for. */
export function exportQueries(q: Q, userId: string) {
  return {
    user: () =>
      q('users')
        .where('id', userId)
        .first('id', 'email', 'email_confirmed_at', 'last_sign_in_at', 'created_at', 'updated_at', 'user_metadata'),
    profile: () =>
      q('profiles')
        .where('user_id', userId)
        .first(
          'name',
          'email',
          'role',
          'organization',
          'description',
          'website',
          'status',
          'is_active',
          'onboarded',
          'categories',
          'digest_frequency',
          'email_notifications',
          'daily_release_limit',
          'active_organisation_id',
          'terms_version',
          'terms_accepted_at',
          'created_at',
          'updated_at',
        ),
    organisations: () =>
      q('organisation_members as m')
        .join('organisations as o', 'o.id', 'm.organisation_id')
        .where('m.user_id', userId)
        .select('o.id as organisation_id', 'o.name', 'o.status', 'm.role', 'm.created_at as member_since')
        .orderBy('m.created_at'),
    releases: () =>
      paged(
        () =>
          q('press_releases')
            .where('author_id', userId)
            .select(
              'id',
              'organisation_id',
              'title',
              'content',
              'content_text',
              'category',
              'status',
              'media_list_categories',
              'scheduled_at',
              'sent_at',
              'embargo_until',
              'created_at',
              'updated_at',
              'edited_at',
            ),
        'id',
      ),
    comments: () =>
      paged(
        () =>
          q('release_comments')
            .where('author_id', userId)
            .select('id', 'press_release_id', 'organisation_id', 'thread_id', 'field', 'quote', 'body', 'mentions', 'created_at', 'edited_at', 'resolved_at', 'deleted_at'),
        'id',
      ),
    notifications: () =>
      paged(
        () => q('notifications').where('user_id', userId).select('id', 'kind', 'title', 'body', 'link', 'data', 'organisation_id', 'read_at', 'created_at'),
        'id',
      ),
    /** A journalist's received releases: the delivery, and the sent version's title and date. */
    received: () =>
      paged(
        () =>
          q('deliveries as d')
            .leftJoin('organisations as o', 'o.id', 'd.sender_organisation_id')
            .where('d.recipient_user_id', userId)
            .select(
              'd.id',
              'd.press_release_id',
              q.raw(
                `(select v.title from release_sent_versions v where v.press_release_id = d.press_release_id order by v.sent_at desc limit 1) as title`,
              ),
              q.raw(
                `(select v.sent_at from release_sent_versions v where v.press_release_id = d.press_release_id order by v.sent_at desc limit 1) as release_sent_at`,
              ),
              'o.name as sender_organisation',
              'd.release_category as category',
              'd.email',
              'd.state',
              'd.sent_at as mailed_at',
              'd.read_at',
              'd.bookmarked_at',
              'd.notice_read_at',
              'd.created_at',
            ),
        'd.id',
      ),
    tracking: () =>
      paged(
        () => q('reporting_events').where('recipient_user_id', userId).select('id', 'press_release_id', 'kind', 'channel', 'link', 'created_at'),
        'id',
      ),
    cookieConsent: () =>
      q('cookie_consents').where('user_id', userId).first('version', 'necessary', 'functional', 'performance', 'marketing', 'created_at', 'updated_at'),
    sessions: () =>
      q('auth_sessions')
        .where('user_id', userId)
        .orderBy('created_at')
        .select('id', 'user_agent', 'ip', 'created_at', 'refreshed_at', 'revoked_at', 'revoked_reason'),
    erasures: () =>
      q('account_erasures')
        .where('user_id', userId)
        .orderBy('requested_at')
        .select('id', 'status', 'requested_at', 'confirmed_at', 'due_at', 'cancelled_at', 'cancelled_by'),
    /** Files the person uploaded: attachments of releases they wrote, and the logos they uploaded. */
    attachments: () =>
      q('release_attachments as a')
        .join('press_releases as r', 'r.id', 'a.press_release_id')
        .where('a.uploaded_by', userId)
        .andWhere('r.author_id', userId)
        .orderBy('a.created_at')
        .select('a.id', 'a.press_release_id', 'a.file_name', 'a.mime_type', 'a.size_bytes', 'a.storage_key', 'a.created_at') as Promise<
        { id: string; press_release_id: string; file_name: string; mime_type: string; size_bytes: number; storage_key: string; created_at: Date }[]
      >,
    logos: () => q('logo_uploads').where('user_id', userId).orderBy('created_at').select('file', 'created_at') as Promise<{ file: string; created_at: Date }[]>,
  };
}
