import { rooms } from '../../../../shared/events';
import { NEWSROOM_MESSAGES, newsroomSlugField, type NewsroomSettings, type SlugAvailability } from '../../../../shared/schemas/newsroom';
import type { z } from 'zod';
import type { newsroomSettingsBody } from '../../../../shared/schemas/newsroom';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { isReservedNewsroomSlug } from '../../../../shared/slug';
import { requireActive } from '../organisations/access';
import { freeNewsroomSlug, newsroomChanged } from './newsroom.publication';
import * as repo from './newsroom.repo';

export const newsroomPath = (slug: string) => `/newsroom/${slug}`;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const slugTaken = () => new HttpError(409, 'slug_taken', NEWSROOM_MESSAGES.slugTaken, { newsroom_slug: NEWSROOM_MESSAGES.slugTaken });
const slugReserved = () => new HttpError(409, 'slug_reserved', NEWSROOM_MESSAGES.slugReserved, { newsroom_slug: NEWSROOM_MESSAGES.slugReserved });
const needsApproval = () =>
  new HttpError(403, 'account_not_approved', NEWSROOM_MESSAGES.slugNeedsApproval, { newsroom_slug: NEWSROOM_MESSAGES.slugNeedsApproval });

/**
 * Why the organisation may not take `slug` as its newsroom's address (its own current one, and
 * its own old ones, are always its to keep), or null: reserved names are nobody's, and only an
 * approved organisation claims an address (a sign-up awaiting approval could otherwise hold
 * another company's name).
 */
function claimRefusal(org: { status: string }, slug: string, current: string | null): 'reserved' | 'approval' | null {
  if (slug === current) return null;
  if (isReservedNewsroomSlug(slug)) return 'reserved';
  if (org.status !== 'approved') return 'approval';
  return null;
}

async function present(ctx: AppContext, p: repo.NewsroomProfile): Promise<NewsroomSettings> {
  return {
    newsroom_slug: p.newsroom_slug,
    suggested_slug: p.newsroom_slug ?? (await freeNewsroomSlug(ctx.db, p.name)),
    newsroom_enabled: p.newsroom_enabled,
    boilerplate: p.boilerplate,
    press_contact_name: p.press_contact_name,
    press_contact_email: p.press_contact_email,
    press_contact_phone: p.press_contact_phone,
    url: p.newsroom_slug ? ctx.config.publicUrl + newsroomPath(p.newsroom_slug) : null,
    public_releases: await repo.countPublicReleases(ctx.db, p.organisation_id, ctx.clock.now()),
  };
}

/** The newsroom of the organisation the caller works in now (every member reads it). */
export async function getSettings(ctx: AppContext, actor: Actor): Promise<NewsroomSettings> {
  const { organisationId } = await requireActive(ctx.db, actor, 'read');
  const p = await repo.newsroomOf(ctx.db, organisationId);
  if (!p) throw notFound('Organisation not found');
  return present(ctx, p);
}

/**
 * Saves the active organisation's newsroom address, on/off switch, «Σχετικά με» text and press
 * contact ('newsroom.update': owners and admins). An address another organisation has (or had:
 * its old addresses redirect to it) is a 409 with the Greek message; the database's unique
 * index settles two organisations choosing the same one at the same moment. The address it
 * leaves keeps redirecting to it.
 */
export async function saveSettings(ctx: AppContext, actor: Actor, body: z.output<typeof newsroomSettingsBody>): Promise<NewsroomSettings> {
  let before: string | null = null;
  const row = await ctx.db
    .transaction(async (trx) => {
      const { organisationId } = await requireActive(trx, actor, 'newsroom.update');
      const current = await repo.lockNewsroom(trx, organisationId);
      if (!current) throw notFound('Organisation not found');
      before = current.newsroom_slug;
      const owner = await repo.slugOwner(trx, body.newsroom_slug);
      const refusal = owner === organisationId ? null : claimRefusal(current, body.newsroom_slug, current.newsroom_slug);
      if (refusal) throw refusal === 'reserved' ? slugReserved() : needsApproval();
      if (owner && owner !== organisationId) throw slugTaken();
      return repo.updateSettings(trx, organisationId, body, current.newsroom_slug);
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? slugTaken() : err;
    });
  if (!row) throw notFound('Organisation not found');
  // Open pages of the old and the new address refresh (a newsroom turned off disappears).
  for (const slug of new Set([before, row.newsroom_slug])) newsroomChanged(ctx, slug, row.organisation_id);
  // The organisation's other members' settings screens reload.
  ctx.realtime.broadcast(rooms.organisation(row.organisation_id), 'profile:changed', { userId: actor.userId });
  return present(ctx, row);
}

/** Whether an address is well formed and free for the active organisation (its own, current or old, counts as free). */
export async function slugAvailability(ctx: AppContext, actor: Actor, raw: string): Promise<SlugAvailability> {
  const parsed = newsroomSlugField.safeParse(raw);
  if (!parsed.success) return { slug: raw.trim(), available: false, message: parsed.error.issues[0]?.message ?? NEWSROOM_MESSAGES.slugFormat };
  const { organisationId } = await requireActive(ctx.db, actor, 'read');
  const current = await repo.newsroomOf(ctx.db, organisationId);
  if (!current) throw notFound('Organisation not found');
  const owner = await repo.slugOwner(ctx.db, parsed.data);
  const refusal = owner === organisationId ? null : claimRefusal(current, parsed.data, current.newsroom_slug);
  if (refusal) {
    return { slug: parsed.data, available: false, message: refusal === 'reserved' ? NEWSROOM_MESSAGES.slugReserved : NEWSROOM_MESSAGES.slugNeedsApproval };
  }
  const available = !owner || owner === organisationId;
  return { slug: parsed.data, available, message: available ? null : NEWSROOM_MESSAGES.slugTaken };
}
