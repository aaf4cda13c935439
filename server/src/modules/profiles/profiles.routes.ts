import { profilePatch, type Profile } from '../../../../shared/schemas/auth';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { valid, validate } from '../../http/validate';

const COLUMNS = [
  'user_id',
  'name',
  'email',
  'role',
  'organization',
  'description',
  'status',
  'is_active',
  'onboarded',
  'default_category',
  'company_logo_url',
  'website',
  'email_notifications',
  'created_at',
] as const;

type ProfileRow = Omit<Profile, 'created_at'> & { created_at: Date; email_notifications: Record<string, boolean> };

function present(row: ProfileRow) {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** The signed-in user's own profile. */
export function profileRoutes(api: ApiRouter, { db }: AppContext): void {
  api.get('/profile', 'authenticated', async (_req, res) => {
    const row = await db('profiles').where('user_id', actorOf(res).userId).first<ProfileRow | undefined>(...COLUMNS);
    if (!row) throw notFound('Profile not found');
    res.json(present(row));
  });

  api.patch('/profile', 'authenticated', validate('body', profilePatch), async (_req, res) => {
    const patch = valid(res, 'body', profilePatch);
    const { userId } = actorOf(res);
    const update: Record<string, unknown> = { ...patch };
    if (patch.email_notifications) update.email_notifications = JSON.stringify(patch.email_notifications);
    const rows = (await db('profiles')
      .where('user_id', userId)
      .update(Object.keys(update).length ? update : { updated_at: db.fn.now() })
      .returning(COLUMNS as unknown as string[])) as ProfileRow[];
    if (!rows[0]) throw notFound('Profile not found');
    res.json(present(rows[0]));
  });
}
