import type { Knex } from 'knex';
import type { DeliveryState } from '../../../../shared/constants';
import {
  DELIVERIES_PAGE_SIZE,
  type DeliveryCounts,
  type DeliveryTable,
} from '../../../../shared/schemas/suppressions';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { requireRelease } from '../organisations/access';

interface RawDelivery {
  id: number | string;
  name: string | null;
  outlet: string | null;
  email: string;
  state: DeliveryState;
  bounce_type: 'hard' | 'soft' | null;
  error: string | null;
  sent_at: Date | null;
  bounced_at: Date | null;
  complained_at: Date | null;
  opened: boolean;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A release's deliveries by state (bounced split into hard and soft; a bounce without a type is a refusal at the door, hard). */
export async function deliveryCounts(q: Knex, releaseId: string): Promise<DeliveryCounts> {
  const row = (await q('deliveries')
    .where('press_release_id', releaseId)
    .first(
      q.raw('count(*)::int as total'),
      q.raw(`(count(*) filter (where state = 'queued'))::int as queued`),
      q.raw(`(count(*) filter (where state = 'sent'))::int as sent`),
      q.raw(`(count(*) filter (where state = 'failed'))::int as failed`),
      q.raw(
        `(count(*) filter (where state = 'bounced' and coalesce(bounce_type, 'hard') = 'hard'))::int as "bouncedHard"`,
      ),
      q.raw(
        `(count(*) filter (where state = 'bounced' and bounce_type = 'soft'))::int as "bouncedSoft"`,
      ),
      q.raw(`(count(*) filter (where state = 'complained'))::int as complained`),
      q.raw(`(count(*) filter (where state = 'suppressed'))::int as suppressed`),
    )) as Record<keyof DeliveryCounts, number | string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as DeliveryCounts;
}

/**
 * A release's delivery table: one row per recipient with the journalist's name and outlet,
 * the state (queued, sent, failed, bounced hard or soft, complained, suppressed), the receiving
 * server's text, the times and whether they opened it. Read by the release's organisation.
 */
export async function deliveryTable(
  ctx: AppContext,
  actor: Actor,
  releaseId: string,
  o: { page: number; state?: DeliveryState },
): Promise<DeliveryTable> {
  await requireRelease(ctx.db, actor, releaseId, 'read');
  const base = ctx.db('deliveries as d').where('d.press_release_id', releaseId);
  if (o.state) void base.where('d.state', o.state);
  const [{ n }] = (await base.clone().count<{ n: string }[]>({ n: '*' })) as [{ n: string }];
  const rows = (await base
    .leftJoin('profiles as p', 'p.user_id', 'd.recipient_user_id')
    .leftJoin('reporting as r', 'r.press_release_id', 'd.press_release_id')
    // Problems first (they need a look), then the rest by name.
    .orderByRaw(
      `case d.state when 'bounced' then 0 when 'complained' then 1 when 'failed' then 2 when 'suppressed' then 3 when 'queued' then 4 else 5 end`,
    )
    .orderByRaw('lower(coalesce(p.name, d.email))')
    .orderBy('d.id')
    .limit(DELIVERIES_PAGE_SIZE)
    .offset((o.page - 1) * DELIVERIES_PAGE_SIZE)
    .select(
      'd.id',
      'p.name',
      'p.organization as outlet',
      'd.email',
      'd.state',
      'd.bounce_type',
      'd.error',
      'd.sent_at',
      'd.bounced_at',
      'd.complained_at',
      ctx.db.raw(
        `(d.read_at is not null or coalesce(d.recipient_user_id::text = any(r.opened_by), false)) as opened`,
      ),
    )) as RawDelivery[];
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      outlet: r.outlet,
      email: r.email,
      state: r.state,
      bounceType: r.bounce_type,
      error: r.error,
      sentAt: iso(r.sent_at),
      bouncedAt: iso(r.bounced_at),
      complainedAt: iso(r.complained_at),
      opened: !!r.opened,
    })),
    counts: await deliveryCounts(ctx.db, releaseId),
    total: Number(n),
    page: o.page,
    pageSize: DELIVERIES_PAGE_SIZE,
  };
}
