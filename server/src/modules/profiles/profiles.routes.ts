import { rooms } from '../../../../shared/events';
import type { Profile } from '../../../../shared/schemas/auth';
import type { Knex } from 'knex';
import type { Category } from '../../../../shared/constants';
import { settingsPatch, type SettingsPatch } from '../../../../shared/schemas/dashboard';
import type { AppContext } from '../../context';
import type { Db } from '../../db/knex';

type Q = Knex | Knex.Transaction;
import type { ApiRouter } from '../../http/api-router';
import { actorOf, type Actor } from '../../http/authenticate';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import { StorageError } from '../../storage/storage-errors';
import { emailConfirmed } from '../auth/mail-on-behalf';
import { createNotifications, publishNotifications, type NotificationRow } from '../notifications/notifications.service';
import { activeMembership, requireActive, type Membership, type OrganisationStatus } from '../organisations/access';
import {
  LOGO_CONTENT_TYPES,
  LOGO_FILE_RE,
  checkLogo,
  discardLogo,
  localLogoFile,
  organisationOwnsLogo,
  readLogoBody,
  recordLogoOwner,
  removeOrganisationLogo,
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
  'website',
  'email_notifications',
  'created_at',
] as const;

/** The profile row (the person): a journalist keeps their outlet here, a client's company is its organisation. */
type PersonRow = Omit<Profile, 'created_at' | 'default_category' | 'company_logo_url'> & {
  created_at: Date;
  email_notifications: Record<string, boolean>;
};

/** The active organisation's company fields, as the settings and onboarding screens edit them. */
interface CompanyRow {
  id: string;
  name: string;
  description: string | null;
  website: string | null;
  default_category: Category | null;
  logo_url: string | null;
  status: OrganisationStatus;
}

const COMPANY_COLUMNS = ['id', 'name', 'description', 'website', 'default_category', 'logo_url', 'status'] as const;

/** The fields of PATCH /profile that belong to a client's organisation, and their column there. */
const COMPANY_FIELDS = {
  organization: 'name',
  description: 'description',
  website: 'website',
  default_category: 'default_category',
  company_logo_url: 'logo_url',
} as const satisfies Partial<Record<keyof SettingsPatch, keyof CompanyRow>>;
type CompanyField = keyof typeof COMPANY_FIELDS;

/** The organisation a client works in now, or null (a client removed from their last one; everyone else). */
async function activeCompany(q: Q, actor: Actor): Promise<{ membership: Membership; company: CompanyRow } | null> {
  if (actor.role !== 'client') return null;
  const membership = await activeMembership(q, actor).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  });
  if (!membership) return null;
  const company = (await q('organisations').where('id', membership.organisationId).first(...COMPANY_COLUMNS)) as CompanyRow | undefined;
  return company ? { membership, company } : null;
}

/**
 * The profile as its owner reads it, with whether the address is confirmed (the UI explains
 * what waits for it). A client's company fields (name, description, website, default category,
 * logo) are those of the organisation they work in now, shared by its members.
 */
async function present(db: Db, row: PersonRow, org: { membership: Membership; company: CompanyRow } | null) {
  const company = org?.company;
  return {
    ...row,
    ...(company
      ? {
          organization: company.name,
          description: company.description,
          website: company.website,
        }
      : {}),
    default_category: company?.default_category ?? null,
    company_logo_url: company?.logo_url ?? null,
    organisation: org ? { id: org.company.id, name: org.company.name, role: org.membership.role, status: org.company.status } : null,
    created_at: new Date(row.created_at).toISOString(),
    email_confirmed: await emailConfirmed(db, row.user_id),
  };
}

/** GET /profile's answer: the signed-in user's own profile (also part of GET /first-screen). */
export async function ownProfile(db: Db, actor: Actor) {
  const row = await db('profiles').where('user_id', actor.userId).first<PersonRow | undefined>(...COLUMNS);
  if (!row) throw notFound('Profile not found');
  return present(db, row, await activeCompany(db, actor));
}

export const WELCOME_NOTIFICATION_KIND = 'onboarding.welcome';

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** The signed-in user's own profile; for a client, also the company profile and logo of their active organisation. */
export function profileRoutes(api: ApiRouter, { db, config, realtime, logos }: AppContext): void {
  api.get('/profile', 'authenticated', async (_req, res) => {
    res.json(await ownProfile(db, actorOf(res)));
  });

  api.patch('/profile', 'authenticated', validate('body', settingsPatch), async (_req, res) => {
    const patch = valid(res, 'body', settingsPatch);
    const actor = actorOf(res);
    const { userId, role } = actor;
    const personal: Record<string, unknown> = {};
    const companyPatch: Partial<Record<CompanyField, unknown>> = {};
    for (const [key, value] of Object.entries(patch) as [keyof SettingsPatch, unknown][]) {
      if (value === undefined) continue;
      if (key in COMPANY_FIELDS) {
        if (role === 'client') companyPatch[key as CompanyField] = value;
        // A journalist's outlet, description and site stay on their profile; they have no company logo or category.
        else if (key === 'organization' || key === 'description' || key === 'website') personal[key] = value;
      } else {
        personal[key] = key === 'email_notifications' ? JSON.stringify(value) : value;
      }
    }
    let notes: NotificationRow[] = [];
    let replacedLogo: { organisationId: string; url: string } | null = null;
    let companyChanged: string | null = null;
    const { row, org } = await db.transaction(async (trx) => {
      const before = await trx('profiles').where('user_id', userId).first<{ onboarded: boolean } | undefined>('onboarded');
      if (!before) throw notFound('Profile not found');
      let org = await activeCompany(trx, actor);
      // Only what changes counts: a form that sends the company's fields unchanged is a personal save.
      const changes: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(companyPatch) as [CompanyField, unknown][]) {
        const column = COMPANY_FIELDS[field];
        if (!org || !sameValue(org.company[column], value)) changes[column] = value;
      }
      if (Object.keys(changes).length) {
        if (!org) throw new HttpError(404, 'no_organisation', 'You do not belong to any organisation');
        // The company profile is the organisation's: its owners and admins edit it.
        const m = await requireActive(trx, actor, 'settings.update');
        if ('name' in changes && !(typeof changes.name === 'string' && changes.name.trim())) {
          throw badRequest('validation_failed', 'Invalid input', { organization: 'organization is required' });
        }
        // The organisation may point at one of our logos only if it was uploaded for it.
        const file = localLogoFile(config, changes.logo_url as string | null | undefined);
        if (file !== null && !(file && (await organisationOwnsLogo(trx, file, m.organisationId)))) {
          throw badRequest('validation_failed', 'Invalid input', { company_logo_url: 'must be a logo uploaded for your organisation' });
        }
        const [company] = (await trx('organisations')
          .where('id', m.organisationId)
          .update(changes)
          .returning(COMPANY_COLUMNS as unknown as string[])) as CompanyRow[];
        if ('logo_url' in changes && org.company.logo_url && org.company.logo_url !== company!.logo_url) {
          replacedLogo = { organisationId: m.organisationId, url: org.company.logo_url };
        }
        org = { membership: { ...org.membership, name: company!.name }, company: company! };
        companyChanged = m.organisationId;
      }
      const rows = (await trx('profiles')
        .where('user_id', userId)
        .update(Object.keys(personal).length ? personal : { updated_at: trx.fn.now() })
        .returning(COLUMNS as unknown as string[])) as PersonRow[];
      const after = rows[0];
      if (!after) throw notFound('Profile not found');
      // The first completed onboarding of a client greets them in the bell.
      if (role === 'client' && !before.onboarded && after.onboarded) {
        const seen = await trx('notifications').where({ user_id: userId, kind: WELCOME_NOTIFICATION_KIND }).first<{ id: number } | undefined>('id');
        if (!seen) {
          notes = await createNotifications(trx, [
            {
              userId,
              kind: WELCOME_NOTIFICATION_KIND,
              title: 'Καλώς ήρθατε στο Deltio!',
              body: 'Ο λογαριασμός σας είναι έτοιμος. Γράψτε το πρώτο σας δελτίο τύπου.',
              link: '/client/press-releases/new',
            },
          ]);
        }
      }
      return { row: after, org };
    });
    publishNotifications(realtime, notes);
    realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
    // The organisation's other members see its new name, site and logo without a reload.
    if (companyChanged) realtime.broadcast(rooms.organisation(companyChanged), 'profile:changed', { userId });
    const replaced = replacedLogo as { organisationId: string; url: string } | null;
    if (replaced) await removeOrganisationLogo(config, logos, db, replaced.organisationId, replaced.url).catch(() => undefined);
    res.json(await present(db, row, org));
  });

  // The file itself is the body, sent with its image content type (no multipart). The logo is
  // the active organisation's: its owners and admins change it.
  api.post('/profile/logo', ['client'], async (req, res) => {
    const actor = actorOf(res);
    const { organisationId } = await requireActive(db, actor, 'settings.update').catch((err: unknown) => {
      req.resume();
      throw err;
    });
    const buf = await readLogoBody(req);
    const type = checkLogo(buf);
    const file = await storeLogo(logos, buf, type);
    const url = `/api/profile/logo/${file}`;
    const before = await db
      .transaction(async (trx) => {
        await recordLogoOwner(trx, file, actor.userId, organisationId);
        const prev = await trx('organisations').where('id', organisationId).forUpdate().first<{ logo_url: string | null } | undefined>('logo_url');
        await trx('organisations').where('id', organisationId).update({ logo_url: url });
        return prev;
      })
      .catch(async (err: unknown) => {
        // No record points at the file: it would never be served nor removed.
        await discardLogo(logos, file).catch(() => undefined);
        throw err;
      });
    if (before?.logo_url) await removeOrganisationLogo(config, logos, db, organisationId, before.logo_url).catch(() => undefined);
    realtime.broadcast(rooms.user(actor.userId), 'profile:changed', { userId: actor.userId });
    realtime.broadcast(rooms.organisation(organisationId), 'profile:changed', { userId: actor.userId });
    res.status(201).json({ url });
  });

  // Logos are public images (shown in e-mails and on the media side): no token needed.
  api.get('/profile/logo/:file', 'public', async (req, res) => {
    const file = String(req.params.file ?? '');
    if (!LOGO_FILE_RE.test(file)) throw notFound('Logo not found');
    const type = file.split('.').pop() as LogoType;
    let data: Buffer;
    try {
      data = await logos.read(file);
    } catch (err) {
      // The bucket cannot be reached: 503 (retry), not "no such logo".
      if (err instanceof StorageError) throw err;
      throw notFound('Logo not found');
    }
    res.setHeader('content-type', LOGO_CONTENT_TYPES[type]);
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('content-security-policy', "default-src 'none'");
    res.send(data);
  });
}

