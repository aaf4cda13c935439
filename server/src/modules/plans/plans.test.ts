import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, SEED_PLAN_LIMITS, TRIAL_DAYS } from '../../../../shared/plans';
import type { AccountPlan } from '../../../../shared/schemas/plans';
import type { AdminUser } from '../../../../shared/schemas/admin';
import { TestClock } from '../../clock';
import { SEED_PLANS } from '../../db/seed/plans';
import { startTestServer, type TestServer } from '../../test/app';
import { ACCEPTED_TERMS, call, confirmAddress, signIn } from '../../test/http';
import { memoryTransport } from '../../test/mail';
import { sendTrialNotices } from './plans.service';

let server: TestServer;
let base: string;
const mail = memoryTransport();
const HOUR = 3_600_000;
const DAY = 86_400_000;
let saToken: string;
/** The server's time: the wall clock's until a test moves it (back to the wall clock after each test). */
const clock = new TestClock(Date.now(), { running: true });
const later = (ms: number) => new Date(clock.now().getTime() + ms);

beforeAll(async () => {
  server = await startTestServer({}, { seedDemo: false, mailTransport: mail, clock });
  base = server.url;
  const sa = await signUpAs('boss@plans.test', 'media');
  await server.ctx.db('profiles').where('user_id', sa).update({ role: 'superadmin', status: 'approved' });
  saToken = (await signIn(base, 'boss@plans.test', 'Thalassa-2026', server.config.superadminLoginPath)).access_token;
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  clock.set(Date.now());
});

async function signUpAs(email: string, role: 'client' | 'media', plan?: string): Promise<string> {
  const r = await call<{ id: string; confirmation_url?: string }>(base, 'POST', '/auth/v1/signup', {
    body: { email, password: 'Thalassa-2026', data: { role, name: `Δοκιμή ${role}` }, ...(plan ? { plan } : {}), ...ACCEPTED_TERMS },
  });
  expect(r.status).toBe(200);
  await confirmAddress(base, r.body.confirmation_url); // nothing is mailed on behalf of an unconfirmed address
  return r.body.id;
}

/** The organisation a client signed up with (they own it). */
async function orgOf(userId: string): Promise<string> {
  return ((await server.ctx.db('organisation_members').where({ user_id: userId, role: 'owner' }).first('organisation_id')) as { organisation_id: string })
    .organisation_id;
}

/** An approved client on `plan`, signed in: their id, token and organisation. */
async function client(email: string, plan?: string) {
  const id = await signUpAs(email, 'client', plan);
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  const token = (await signIn(base, email)).access_token;
  const ws = await orgOf(id);
  await server.ctx.db('organisations').where('id', ws).update({ status: 'approved' });
  return { id, token, ws };
}

let releaseNo = 0;
async function release(c: { id: string; ws: string }, category = 'culture'): Promise<string> {
  const [r] = (await server.ctx
    .db('press_releases')
    .insert({
      title: `Δελτίο ${++releaseNo}`,
      content: '<p>Κείμενο</p>',
      content_text: 'Κείμενο',
      category,
      author_id: c.id,
      organisation_id: c.ws,
      media_list_categories: [category],
      edited_at: new Date(),
    })
    .returning('id')) as { id: string }[];
  return r!.id;
}

async function mediaInList(prefix: string, n: number, category: string): Promise<void> {
  const users = (await server.ctx
    .db('users')
    .insert(Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@media.test` })))
    .returning(['id', 'email'])) as { id: string; email: string }[];
  await server.ctx.db('profiles').insert(users.map((u) => ({ user_id: u.id, email: u.email, name: u.email, role: 'media', status: 'approved' })));
  await server.ctx.db('media_lists').insert(users.map((u) => ({ category, media_id: u.id })));
}

const send = (token: string, id: string) => call<{ error?: { code: string; message: string } }>(base, 'POST', `/api/releases/${id}/send`, { token });
const schedule = (token: string, id: string, at: Date) =>
  call<{ error?: { code: string; message: string } }>(base, 'POST', `/api/releases/${id}/schedule`, { token, body: { scheduledAt: at.toISOString() } });
const invite = (token: string, ws: string, email: string) =>
  call<{ error?: { code: string; message: string } }>(base, 'POST', `/api/organisations/${ws}/invitations`, { token, body: { email } });
const myPlan = async (token: string) => (await call<AccountPlan>(base, 'GET', '/api/account/plan', { token })).body;

describe('the plan and the trial at sign-up', () => {
  it('stores the plan chosen on the pricing page with a 14-day trial (start and end)', async () => {
    const before = Date.now();
    const id = await signUpAs('starter@plans.test', 'client', 'starter');
    const p = (await server.ctx.db('organisations').where('id', await orgOf(id)).first()) as {
      plan_code: string;
      trial_started_at: Date;
      trial_ends_at: Date;
      plan_activated_at: Date | null;
    };
    expect(p.plan_code).toBe('starter');
    expect(new Date(p.trial_started_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(p.trial_started_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new Date(p.trial_ends_at).getTime() - new Date(p.trial_started_at).getTime()).toBe(TRIAL_DAYS * DAY);
    expect(p.plan_activated_at).toBeNull();

    const token = (await signIn(base, 'starter@plans.test')).access_token;
    const plan = await myPlan(token);
    expect(plan).toMatchObject({
      plan: { code: 'starter', name: 'Starter' },
      state: 'trial',
      trial_started_at: new Date(p.trial_started_at).toISOString(),
      trial_ends_at: new Date(p.trial_ends_at).toISOString(),
      activated_at: null,
      limits: SEED_PLAN_LIMITS.starter,
      usage: { releases_this_month: 0, members: 1 },
    });
  });

  it('gives the default plan when none or an unknown one is asked for, and no plan to media', async () => {
    const none = await signUpAs('noplan@plans.test', 'client');
    const bogus = await signUpAs('bogus@plans.test', 'client', 'platinum');
    const media = await signUpAs('reporter@plans.test', 'media', 'starter');
    const planOf = async (id: string) => (await server.ctx.db('organisations').where('id', await orgOf(id)).first('plan_code')) as { plan_code: string };
    expect((await planOf(none)).plan_code).toBe('pro');
    expect((await planOf(bogus)).plan_code).toBe('pro');
    // A journalist has no organisation, so no plan.
    expect(await server.ctx.db('organisation_members').where('user_id', media)).toHaveLength(0);
  });
});

describe('the limits the pricing page promises', () => {
  it('states exactly the limits the server enforces', () => {
    for (const plan of SEED_PLANS) {
      const limits = SEED_PLAN_LIMITS[plan.code];
      const f = plan.features;
      const num = (text: unknown) => Number(String(text).replace(/\./g, '').match(/\d+/)?.[0] ?? NaN);
      if (limits.releases_per_month === null) expect(f.press_releases_per_month).toBe('Απεριόριστα');
      else expect(num(f.press_releases_per_month)).toBe(limits.releases_per_month);
      if (limits.members === null) expect(String(f.users)).toMatch(/^Απεριόριστοι/);
      else expect(num(f.users)).toBe(limits.members);
      // A recipients limit is stated as one ("Έως N ... ανά δελτίο"); without one, no "Έως".
      if (limits.recipients_per_release === null) expect(String(f.media_targeting)).not.toMatch(/Έως/);
      else {
        expect(String(f.media_targeting)).toMatch(/^Έως .* ανά δελτίο$/);
        expect(num(f.media_targeting)).toBe(limits.recipients_per_release);
      }
    }
  });

  it('starter: the sixth release of a month is refused with a Greek message; the next month still has room', async () => {
    const c = await client('monthly@plans.test', 'starter');
    for (let i = 0; i < 5; i++) expect((await send(c.token, await release(c))).status).toBe(200);
    const sixth = await release(c);
    const refused = await send(c.token, sixth);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('plan_limit_releases');
    expect(refused.body.error?.message).toContain('Το πλάνο Starter περιλαμβάνει έως 5 δελτία τύπου τον μήνα');
    expect(((await server.ctx.db('press_releases').where('id', sixth).first('status')) as { status: string }).status).toBe('draft');
    // Scheduling into this month is refused too; into the next month it is accepted.
    const soon = new Date(Date.now() + 60_000);
    const athensMonth = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit' }).format(d);
    if (athensMonth(soon) === athensMonth(new Date())) expect((await schedule(c.token, sixth, soon)).body.error?.code).toBe('plan_limit_releases');
    const nextMonth = new Date();
    nextMonth.setUTCDate(15);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    // The trial must still run then: this checks the monthly count, not the trial.
    await server.ctx.db('organisations').where('id', c.ws).update({ plan_activated_at: new Date() });
    expect((await schedule(c.token, sixth, nextMonth)).status).toBe(200);
    expect((await myPlan(c.token)).usage.releases_this_month).toBe(5);
  });

  it('starter: two sends of the fifth release at once are counted one after the other: one goes out, the other is refused', async () => {
    const c = await client('atonce@plans.test', 'starter');
    for (let i = 0; i < 4; i++) expect((await send(c.token, await release(c))).status).toBe(200);
    const [a, b] = [await release(c), await release(c)];
    const sqls: string[] = [];
    const seen = (q: { sql: string }) => void sqls.push(q.sql);
    server.ctx.db.on('query', seen);
    let results: { status: number; body: { error?: { code: string } } }[];
    try {
      results = await Promise.all([send(c.token, a), send(c.token, b)]);
    } finally {
      server.ctx.db.off('query', seen);
    }
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error?.code).toBe('plan_limit_releases');
    expect((await myPlan(c.token)).usage.releases_this_month).toBe(5);
    // The organisation's row is locked by the statement that reads its plan (it was a locking read, then the read).
    expect(sqls.filter((q) => q.includes('left join "plans" as "pl"') && q.includes('for update of "o"'))).toHaveLength(2);
    // No lock of its own either for the sent version's newsroom address: its read of the sender locks the row.
    expect(sqls.filter((q) => q === 'select "id" from "organisations" where "id" = $1 limit $2 for update')).toHaveLength(0);
  });

  it('pro: no monthly limit', async () => {
    const c = await client('promonthly@plans.test', 'pro');
    for (let i = 0; i < 6; i++) expect((await send(c.token, await release(c, 'sports'))).status).toBe(200);
    expect((await myPlan(c.token)).usage.releases_this_month).toBe(6);
  });

  it('starter: a release reaching more than 100 journalists is refused; 100 go out', async () => {
    const c = await client('recipients@plans.test', 'starter');
    await mediaInList('hundred', 100, 'economy');
    const ok = await release(c, 'economy');
    const sqls: string[] = [];
    const seen = (q: { sql: string }) => void sqls.push(q.sql);
    server.ctx.db.on('query', seen);
    try {
      expect((await send(c.token, ok)).status).toBe(200);
    } finally {
      server.ctx.db.off('query', seen);
    }
    expect(await server.ctx.db('deliveries').where('press_release_id', ok)).toHaveLength(100);
    // The limit is checked on the deliveries the send writes: no statement counts the recipients first.
    expect(sqls.filter((q) => q.includes('insert into deliveries'))).toHaveLength(1);
    expect(sqls.filter((q) => /count\(\*\)::int as n\s+from profiles p/.test(q))).toHaveLength(0);
    await mediaInList('extra', 1, 'economy');
    const tooMany = await release(c, 'economy');
    const refused = await send(c.token, tooMany);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('plan_limit_recipients');
    expect(refused.body.error?.message).toBe(PLAN_MESSAGES.recipients('Starter', 100, 101));
    expect(await server.ctx.db('deliveries').where('press_release_id', tooMany)).toHaveLength(0);
    // A pro account sends the same release to all 101.
    const pro = await client('recipientspro@plans.test', 'pro');
    const all = await release(pro, 'economy');
    expect((await send(pro.token, all)).status).toBe(200);
    expect(await server.ctx.db('deliveries').where('press_release_id', all)).toHaveLength(101);
  });

  it('users: starter cannot invite; pro fits 5 users with pending invitations; a re-sent invitation takes no seat', async () => {
    const s = await client('solo@plans.test', 'starter');
    const refused = await invite(s.token, s.ws, 'colleague@plans.test');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'plan_limit_members', message: PLAN_MESSAGES.members('Starter', 1) });

    const p = await client('team@plans.test', 'pro');
    for (let i = 1; i <= 4; i++) expect((await invite(p.token, p.ws, `member${i}@plans.test`)).status).toBe(201);
    const fifth = await invite(p.token, p.ws, 'member5@plans.test');
    expect(fifth.status).toBe(409);
    expect(fifth.body.error?.message).toBe(PLAN_MESSAGES.members('Pro', 5));
    expect((await invite(p.token, p.ws, 'member1@plans.test')).status).toBe(201);
    // An enterprise plan has no users limit.
    await server.ctx.db('organisations').where('id', p.ws).update({ plan_code: 'enterprise' });
    expect((await invite(p.token, p.ws, 'member5@plans.test')).status).toBe(201);
  });

  it('an accepted invitation is refused when the plan has no seat left by then', async () => {
    const p = await client('shrink@plans.test', 'pro');
    const inv = await call<{ acceptUrl: string }>(base, 'POST', `/api/organisations/${p.ws}/invitations`, { token: p.token, body: { email: 'joiner@plans.test' } });
    expect(inv.status).toBe(201);
    const token = new URL(inv.body.acceptUrl).searchParams.get('token')!;
    await server.ctx.db('organisations').where('id', p.ws).update({ plan_code: 'starter' });
    const joiner = await client('joiner@plans.test');
    const r = await call<{ error: { code: string } }>(base, 'POST', '/api/invitations/accept', { token: joiner.token, body: { token } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('plan_limit_members');
    expect(await server.ctx.db('organisation_members').where({ organisation_id: p.ws, user_id: joiner.id })).toHaveLength(0);
  });
});

describe('after the trial', () => {
  it('sending, scheduling past its end and inviting are refused with a Greek message; drafts stay', async () => {
    const c = await client('ending@plans.test', 'pro');
    const draft = await release(c);
    // Scheduling after the trial's end is refused while it still runs.
    const late = await schedule(c.token, draft, new Date(Date.now() + (TRIAL_DAYS + 1) * DAY));
    expect(late.status).toBe(403);
    expect(late.body.error?.code).toBe('trial_expired');
    expect(late.body.error?.message).toMatch(/^Η δωρεάν δοκιμή λήγει στις \d+ \S+ \d{4}/);

    await server.ctx.db('organisations').where('id', c.ws).update({ trial_ends_at: new Date(Date.now() - 1000) });
    expect((await myPlan(c.token)).state).toBe('expired');
    const refused = await send(c.token, draft);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'trial_expired', message: PLAN_MESSAGES.trialExpired });
    expect((await invite(c.token, c.ws, 'late@plans.test')).body.error?.code).toBe('trial_expired');
    expect(((await server.ctx.db('press_releases').where('id', draft).first('status')) as { status: string }).status).toBe('draft');
  });

  it('a scheduled send whose trial ended meanwhile goes back to draft and the author is told why', async () => {
    const c = await client('scheduled@plans.test', 'pro');
    const id = await release(c);
    expect((await schedule(c.token, id, later(HOUR))).status).toBe(200);
    // The trial is cut short meanwhile, to end half an hour before the send; the clock moves past both.
    await server.ctx.db('organisations').where('id', c.ws).update({ trial_ends_at: later(HOUR / 2) });
    clock.advance(HOUR);
    await server.ctx.jobs.drain();
    const { status } = (await server.ctx.db('press_releases').where('id', id).first('status')) as { status: string };
    expect(status).toBe('draft');
    const note = (await server.ctx.db('notifications').where({ user_id: c.id, kind: 'press_release.schedule_failed' }).first()) as { body: string };
    expect(note.body).toContain('η δωρεάν δοκιμή του λογαριασμού έληξε');
  });
});

describe("the superadmin's actions", () => {
  const action = (path: string, body: unknown, method = 'POST') => call<AdminUser & { error?: { code: string } }>(base, method, path, { token: saToken, body });

  it('extends a trial from its end (or from now once ended) and sets a plan, each audited', async () => {
    const c = await client('extend@plans.test', 'starter');
    const before = (await server.ctx.db('organisations').where('id', c.ws).first('trial_ends_at')) as { trial_ends_at: Date };
    const r = await action(`/api/admin/users/${c.id}/trial`, { days: 7 });
    expect(r.status).toBe(200);
    expect(r.body.trial_ends_at).toBe(new Date(new Date(before.trial_ends_at).getTime() + 7 * DAY).toISOString());
    expect(r.body.plan_state).toBe('trial');

    await server.ctx.db('organisations').where('id', c.ws).update({ trial_ends_at: new Date(Date.now() - 5 * DAY) });
    const t0 = Date.now();
    const reopened = await action(`/api/admin/users/${c.id}/trial`, { days: 3 });
    const ends = new Date(reopened.body.trial_ends_at!).getTime();
    expect(ends).toBeGreaterThanOrEqual(t0 + 3 * DAY - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 3 * DAY + 1000);
    expect((await myPlan(c.token)).state).toBe('trial');

    const set = await action(`/api/admin/users/${c.id}/plan`, { plan_code: 'pro', active: true }, 'PUT');
    expect(set.body).toMatchObject({ plan_code: 'pro', plan_state: 'active' });
    expect((await myPlan(c.token)).state).toBe('active');
    expect((await action(`/api/admin/users/${c.id}/trial`, { days: 3 })).body.error?.code).toBe('plan_active');
    const back = await action(`/api/admin/users/${c.id}/plan`, { plan_code: 'starter', active: false }, 'PUT');
    expect(back.body).toMatchObject({ plan_code: 'starter', plan_state: 'trial', plan_activated_at: null });

    const audit = (await server.ctx.db('audit_logs').where({ entity_type: 'organisation', entity_id: c.ws }).orderBy('id').select('action_type', 'actor_email', 'metadata')) as {
      action_type: string;
      actor_email: string;
      metadata: Record<string, unknown>;
    }[];
    expect(audit.map((a) => a.action_type)).toEqual(['user.trial_extend', 'user.trial_extend', 'user.plan_change', 'user.plan_change']);
    expect(audit[0]).toMatchObject({ actor_email: 'boss@plans.test', metadata: { days: 7, plan: 'starter' } });
    expect(audit[2]!.metadata).toMatchObject({ plan: { from: 'starter', to: 'pro' }, state: { from: 'trial', to: 'active' } });
  });

  it('refuses plan actions for accounts without a plan, and bad input with 400s', async () => {
    const media = await signUpAs('nomedia@plans.test', 'media');
    expect((await action(`/api/admin/users/${media}/trial`, { days: 3 })).body.error?.code).toBe('no_plan');
    const c = await client('badinput@plans.test');
    expect((await action(`/api/admin/users/${c.id}/trial`, { days: 0 })).status).toBe(400);
    expect((await action(`/api/admin/users/${c.id}/trial`, { days: 91 })).status).toBe(400);
    expect((await action(`/api/admin/users/${c.id}/plan`, { plan_code: 'gold', active: true }, 'PUT')).status).toBe(400);
  });

  it('lists, filters and exports users by plan and trial state', async () => {
    const ending = await client('soon@plans.test', 'starter');
    await server.ctx.db('organisations').where('id', ending.ws).update({ trial_ends_at: new Date(Date.now() + 2 * DAY) });
    const expired = await client('over@plans.test', 'pro');
    await server.ctx.db('organisations').where('id', expired.ws).update({ trial_ends_at: new Date(Date.now() - DAY) });
    const list = async (qs: string) =>
      (await call<{ items: AdminUser[] }>(base, 'GET', `/api/admin/users?${qs}`, { token: saToken })).body.items.map((u) => u.email);
    expect(await list('trial=ending&q=soon@')).toEqual(['soon@plans.test']);
    expect(await list('trial=ending&q=over@')).toEqual([]);
    expect(await list('trial=expired&q=over@')).toEqual(['over@plans.test']);
    expect(await list('trial=expired&q=soon@')).toEqual([]);
    expect(await list('plan=starter&q=soon@')).toEqual(['soon@plans.test']);
    expect(await list('plan=pro&q=soon@')).toEqual([]);
    expect(await list('plan=none&role=client&q=plans.test')).toEqual([]);
    // The total counts what the filters list (counted without the owned organisation when no plan filter needs it).
    const total = async (qs: string) => (await call<{ total: number }>(base, 'GET', `/api/admin/users?${qs}`, { token: saToken })).body.total;
    expect(await total('trial=ending&q=soon@')).toBe(1);
    expect(await total('trial=expired&q=over@')).toBe(1);
    expect(await total('plan=pro&q=soon@')).toBe(0);
    expect(await total('plan=none&role=client&q=plans.test')).toBe(0);
    expect(await total('q=soon@')).toBe(1);
    const csv = await fetch(`${base}/api/admin/users/export?plan=starter&q=soon@`, { headers: { authorization: `Bearer ${saToken}` } });
    const [header, row] = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe('user_id,name,email,role,organization,organisations,status,is_active,created_at,plan_code,plan_state,trial_started_at,trial_ends_at,plan_activated_at');
    expect(row).toContain(',starter,trial,');
  });
});

describe('the trial notices', () => {
  it('tell the client in the app and by e-mail 3 days before the end and at the end, once each, as the clock moves', async () => {
    const c = await client('notice@plans.test', 'starter');
    const start = clock.now().getTime();
    await server.ctx.db('organisations').where('id', c.ws).update({ trial_ends_at: new Date(start + 2.5 * DAY + HOUR) });
    await server.ctx.mailer.drain();
    mail.sent.length = 0;
    const kinds = async () =>
      ((await server.ctx.db('notifications').where('user_id', c.id).whereLike('kind', 'plan.%').orderBy('id').select('kind')) as { kind: string }[]).map(
        (n) => n.kind,
      );
    // The clock moves to `at` (from the start): the next poll queues the hourly sweep, which runs.
    const sweepAt = async (at: number) => {
      clock.set(start + at);
      await server.ctx.jobs.drain();
    };

    await sweepAt(HOUR);
    await sweepAt(2 * HOUR); // a second sweep sends nothing more
    expect(await kinds()).toEqual(['plan.trial_ending']);
    await server.ctx.mailer.drain();
    const ending = mail.sent.filter((m) => m.to === 'notice@plans.test');
    expect(ending.map((m) => m.subject)).toEqual(['Η δωρεάν δοκιμή σας λήγει σύντομα | Deltio']);
    expect(ending[0]!.text).toContain('λήγει σε 3 ημέρες');

    // Extended by the superadmin: no notice until the new end is near, then one for it.
    await call(base, 'POST', `/api/admin/users/${c.id}/trial`, { token: saToken, body: { days: 7 } });
    await sweepAt(3 * HOUR);
    expect(await kinds()).toEqual(['plan.trial_ending']);
    await sweepAt(7 * DAY);
    expect(await kinds()).toEqual(['plan.trial_ending', 'plan.trial_ending']);

    // Ended: one notice.
    await sweepAt(10 * DAY);
    await sweepAt(11 * DAY);
    expect(await kinds()).toEqual(['plan.trial_ending', 'plan.trial_ending', 'plan.trial_ended']);
    await server.ctx.mailer.drain();
    expect(mail.sent.filter((m) => m.to === 'notice@plans.test').map((m) => m.subject)).toContain('Η δωρεάν δοκιμή σας έληξε | Deltio');
    expect((await myPlan(c.token)).state).toBe('expired');

    // An active plan gets no notices.
    const paid = await client('paid@plans.test', 'pro');
    await server.ctx.db('organisations').where('id', paid.ws).update({ plan_activated_at: clock.now(), trial_ends_at: later(DAY) });
    await sweepAt(12 * DAY);
    expect(await server.ctx.db('notifications').where('user_id', paid.id).whereLike('kind', 'plan.%')).toHaveLength(0);
  });

  it('are not sent to an account that is pending, rejected or banned (it cannot use the trial)', async () => {
    const now = new Date();
    const ids: string[] = [];
    for (const status of ['pending', 'rejected', 'banned'] as const) {
      const id = await signUpAs(`${status}-notice@plans.test`, 'client', 'pro');
      await server.ctx.db('profiles').where('user_id', id).update({ status });
      // A pending or rejected company's organisation is pending or rejected with it.
      await server.ctx.db('organisations').where('id', await orgOf(id)).update({
        status: status === 'banned' ? 'approved' : status,
        trial_ends_at: new Date(now.getTime() + DAY),
      });
      ids.push(id);
    }
    await sendTrialNotices(server.ctx, now);
    await sendTrialNotices(server.ctx, new Date(now.getTime() + 2 * DAY));
    expect(await server.ctx.db('notifications').whereIn('user_id', ids).whereLike('kind', 'plan.%')).toHaveLength(0);
    await server.ctx.mailer.drain();
    expect(mail.sent.filter((m) => m.to.endsWith('-notice@plans.test') && m.subject.includes('δοκιμή'))).toHaveLength(0);
  });
});

describe('the plan is the organisation’s', () => {
  it('a member reads the organisation’s plan and trial, not one of their own; seats count the organisation’s members and invitations', async () => {
    const owner = await client('org-owner@plans.test', 'starter');
    await server.ctx.db('organisations').where('id', owner.ws).update({ plan_code: 'pro' });
    const colleague = await client('org-colleague@plans.test', 'starter');
    // She joins the team and works in it (as an accepted invitation leaves her).
    await server.ctx.db('organisation_members').insert({ organisation_id: owner.ws, user_id: colleague.id, role: 'editor' });
    await server.ctx.db('profiles').where('user_id', colleague.id).update({ active_organisation_id: owner.ws });
    const ownerPlan = await myPlan(owner.token);
    const hers = await myPlan(colleague.token);
    expect(hers).toEqual(ownerPlan);
    expect(hers).toMatchObject({ plan: { code: 'pro' }, usage: { members: 2 } });
    // A pending invitation takes a seat of the organisation, not of the person who sent it.
    expect((await invite(owner.token, owner.ws, 'org-invited@plans.test')).status).toBe(201);
    expect((await myPlan(colleague.token)).usage.members).toBe(3);
    expect((await call<AccountPlan>(base, 'GET', '/api/account/plan', { token: colleague.token })).status).toBe(200);
  });

  it('the superadmin extends the trial of an organisation by its id, and of a user’s own organisation by the user’s id', async () => {
    const c = await client('org-trial@plans.test', 'starter');
    const before = (await server.ctx.db('organisations').where('id', c.ws).first('trial_ends_at')) as { trial_ends_at: Date };
    const r = await call<AccountPlan>(base, 'POST', `/api/admin/organisations/${c.ws}/trial`, { token: saToken, body: { days: 3 } });
    expect(r.status).toBe(200);
    expect(r.body.trial_ends_at).toBe(new Date(new Date(before.trial_ends_at).getTime() + 3 * DAY).toISOString());
    // A member who owns no organisation has no plan to change by their user id.
    const media = await signUpAs('org-reporter@plans.test', 'media');
    const refused = await call<{ error: { code: string } }>(base, 'POST', `/api/admin/users/${media}/trial`, { token: saToken, body: { days: 3 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('no_plan');
    const missing = await call(base, 'PUT', `/api/admin/organisations/${crypto.randomUUID()}/plan`, { token: saToken, body: { plan_code: 'pro', active: true } });
    expect(missing.status).toBe(404);
  });
});
