import fs from 'node:fs/promises';
import path from 'node:path';
import { rooms } from '../../../../shared/events';
import type { Profile } from '../../../../shared/schemas/auth';
import { settingsPatch } from '../../../../shared/schemas/dashboard';
import type { AppContext } from '../../context';
import type { Db } from '../../db/knex';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import { emailConfirmed } from '../auth/mail-on-behalf';
import { createNotifications, publishNotifications, type NotificationRow } from '../notifications/notifications.service';
import {
  LOGO_CONTENT_TYPES,
  LOGO_FILE_RE,
  checkLogo,
  discardLogo,
  localLogoFile,
  logoDir,
  ownsLogo,
  readLogoBody,
  recordLogoOwner,
  removeOwnLogo,
  storeLogo,
  type LogoType,
} from './profiles.logo';

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

/** The profile as its owner reads it, with whether the address is confirmed (the UI explains what waits for it). */
async function present(db: Db, row: ProfileRow) {
  return { ...row, created_at: new Date(row.created_at).toISOString(), email_confirmed: await emailConfirmed(db, row.user_id) };
}

export const WELCOME_NOTIFICATION_KIND = 'onboarding.welcome';

/** The signed-in user's own profile, and the company logo. */
export function profileRoutes(api: ApiRouter, { db, config, realtime, files }: AppContext): void {
  api.get('/profile', 'authenticated', async (_req, res) => {
    const row = await db('profiles').where('user_id', actorOf(res).userId).first<ProfileRow | undefined>(...COLUMNS);
    if (!row) throw notFound('Profile not found');
    res.json(await present(db, row));
  });

  api.patch('/profile', 'authenticated', validate('body', settingsPatch), async (_req, res) => {
    const patch = valid(res, 'body', settingsPatch);
    const { userId, role } = actorOf(res);
    const update: Record<string, unknown> = { ...patch };
    if (patch.email_notifications) update.email_notifications = JSON.stringify(patch.email_notifications);
    let notes: NotificationRow[] = [];
    let replacedLogo: string | null = null;
    const row = await db.transaction(async (trx) => {
      // A profile may point at one of our logos only if its user uploaded it.
      const file = localLogoFile(config, patch.company_logo_url);
      if (file !== null && !(file && (await ownsLogo(trx, file, userId)))) {
        throw badRequest('validation_failed', 'Invalid input', { company_logo_url: 'must be a logo you uploaded' });
      }
      const before = await trx('profiles')
        .where('user_id', userId)
        .first<{ onboarded: boolean; company_logo_url: string | null } | undefined>('onboarded', 'company_logo_url');
      if (!before) throw notFound('Profile not found');
      const rows = (await trx('profiles')
        .where('user_id', userId)
        .update(Object.keys(update).length ? update : { updated_at: trx.fn.now() })
        .returning(COLUMNS as unknown as string[])) as ProfileRow[];
      const after = rows[0];
      if (!after) throw notFound('Profile not found');
      if (patch.company_logo_url !== undefined && before.company_logo_url !== after.company_logo_url) {
        replacedLogo = before.company_logo_url;
      }
      // The first completed onboarding of a client greets them in the bell.
      if (role === 'client' && !before.onboarded && after.onboarded) {
        const seen = await trx('notifications').where({ user_id: userId, kind: WELCOME_NOTIFICATION_KIND }).first<{ id: number } | undefined>('id');
        if (!seen) {
          notes = await createNotifications(trx, [
            {
              userId,
              kind: WELCOME_NOTIFICATION_KIND,
              title: 'Καλώς ήρθες στο Deltio!',
              body: 'Ο λογαριασμός σου είναι έτοιμος. Γράψε το πρώτο σου δελτίο τύπου.',
              link: '/client/press-releases/new',
            },
          ]);
        }
      }
      return after;
    });
    publishNotifications(realtime, notes);
    realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
    if (replacedLogo) await removeOwnLogo(config, db, userId, replacedLogo).catch(() => undefined);
    res.json(await present(db, row));
  });

  // The file itself is the body, sent with its image content type (no multipart).
  api.post('/profile/logo', 'authenticated', async (req, res) => {
    const { userId } = actorOf(res);
    const buf = await readLogoBody(req);
    const type = checkLogo(buf);
    const file = await storeLogo(files, config, buf, type);
    const url = `/api/profile/logo/${file}`;
    const before = await db
      .transaction(async (trx) => {
        await recordLogoOwner(trx, file, userId);
        const prev = await trx('profiles').where('user_id', userId).first<{ company_logo_url: string | null } | undefined>('company_logo_url');
        await trx('profiles').where('user_id', userId).update({ company_logo_url: url });
        return prev;
      })
      .catch(async (err: unknown) => {
        // No record points at the file: it would never be served nor removed.
        await discardLogo(config, file).catch(() => undefined);
        throw err;
      });
    if (before?.company_logo_url) await removeOwnLogo(config, db, userId, before.company_logo_url).catch(() => undefined);
    realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
    res.status(201).json({ url });
  });

  // Logos are public images (shown in e-mails and on the media side): no token needed.
  api.get('/profile/logo/:file', 'public', async (req, res) => {
    const file = String(req.params.file ?? '');
    if (!LOGO_FILE_RE.test(file)) throw notFound('Logo not found');
    const type = file.split('.').pop() as LogoType;
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(logoDir(config), file));
    } catch {
      throw notFound('Logo not found');
    }
    res.setHeader('content-type', LOGO_CONTENT_TYPES[type]);
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('content-security-policy', "default-src 'none'");
    res.send(data);
  });
}

