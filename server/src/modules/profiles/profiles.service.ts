import type { Knex } from 'knex';
import type { EmailNotifications } from '../../../../shared/schemas/dashboard';

export type EmailNotificationKind = keyof EmailNotifications;

const DEFAULTS: EmailNotifications = {
  press_release_sent: true,
  reporting_updates: true,
  weekly_summary: false,
  system_updates: true,
};

/**
 * Whether a user wants a kind of e-mail (the four switches of the settings screen).
 * Mail senders call this before ctx.mailer.enqueue(); a missing key falls back to the default.
 */
export async function wantsEmail(q: Knex | Knex.Transaction, userId: string, kind: EmailNotificationKind): Promise<boolean> {
  const row = await q('profiles')
    .where('user_id', userId)
    .first<{ email_notifications: Partial<EmailNotifications> | null } | undefined>('email_notifications');
  if (!row) return false;
  return row.email_notifications?.[kind] ?? DEFAULTS[kind];
}
