import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { athensToday } from '../../../../shared/schemas/public-site';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { memoryTransport } from '../../test/mail';

let server: TestServer;
const mail = memoryTransport();
let superToken: string;
let clientToken: string;
let clientId: string;

const allOk = {
  api: 'operational',
  app: 'operational',
  database: 'operational',
  emails: 'operational',
  newsletters: 'operational',
};

function shiftDate(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function waitFor<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  server = await startTestServer({}, { mailTransport: mail });
  const { db } = server.ctx;
  const admin = await signUp(server.url, 'admin@public.test');
  await db('profiles')
    .where('user_id', admin.id)
    .update({ role: 'superadmin', status: 'approved' });
  superToken = (
    await signIn(server.url, 'admin@public.test', 'Thalassa-2026', server.config.superadminLoginPath)
  ).access_token;
  clientId = (await signUp(server.url, 'client@public.test')).id;
  await db('profiles').where('user_id', clientId).update({ status: 'approved' });
  clientToken = (await signIn(server.url, 'client@public.test')).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/plans', () => {
  it('lists the active plans by monthly price, in euros', async () => {
    const { db } = server.ctx;
    await db('plans').where('code', 'enterprise').update({ is_active: false });
    const r = await call<{
      plans: {
        code: string;
        monthly_price: number | null;
        yearly_price: number | null;
        features: Record<string, unknown>;
      }[];
    }>(server.url, 'GET', '/api/plans');
    expect(r.status).toBe(200);
    expect(r.body.plans.map((p) => p.code)).toEqual(['starter', 'pro']);
    expect(r.body.plans[0]).toMatchObject({ monthly_price: 49, yearly_price: 490 });
    expect(r.body.plans[1]).toMatchObject({ monthly_price: 149, yearly_price: 1490 });
    expect(r.body.plans[1]!.features.reporting).toContain('Εξαγωγή CSV');
    expect(r.body.plans[0]!.features.sso).toBe(false);
    await db('plans').where('code', 'enterprise').update({ is_active: true });
    const all = await call<{ plans: { code: string; monthly_price: number | null }[] }>(
      server.url,
      'GET',
      '/api/plans',
    );
    expect(all.body.plans.map((p) => p.code)).toEqual(['starter', 'pro', 'enterprise']);
    expect(all.body.plans[2]!.monthly_price).toBeNull();
  });
});

describe('POST /api/leads', () => {
  it('stores a contact lead and mails a confirmation', async () => {
    const email = 'eleni@lead.test';
    const r = await call<{ id: string; source: string }>(server.url, 'POST', '/api/leads', {
      body: {
        full_name: '  Ελένη Κ. ',
        email: 'Eleni@Lead.test',
        company: '',
        message: 'Θέλω πληροφορίες.',
        source: 'contact',
      },
    });
    expect(r.status).toBe(201);
    const row = await server.ctx.db('leads').where('id', r.body.id).first();
    expect(row).toMatchObject({
      full_name: 'Ελένη Κ.',
      email,
      company: null,
      message: 'Θέλω πληροφορίες.',
      source: 'contact',
    });
    await server.ctx.mailer.drain();
    const sent = await waitFor(() => mail.sent.find((m) => m.to === email));
    expect(sent.subject).toContain('Λάβαμε το μήνυμά σας');
    expect(sent.text).toContain('24 ωρών');
  });

  it('stores a quote request from the pricing page', async () => {
    const r = await call<{ id: string }>(server.url, 'POST', '/api/leads', {
      body: {
        full_name: 'Γιώργος',
        email: 'giorgos@lead.test',
        company: 'Όμιλος ΑΕ',
        source: 'pricing',
      },
    });
    expect(r.status).toBe(201);
    expect(await server.ctx.db('leads').where('id', r.body.id).first()).toMatchObject({
      source: 'pricing',
      message: null,
    });
  });

  it.each([
    [{ full_name: 'Α', email: 'not-an-email', source: 'contact' }, 'email'],
    [{ full_name: '', email: 'a@b.gr', source: 'contact' }, 'full_name'],
    [{ full_name: 'x'.repeat(121), email: 'a@b.gr', source: 'contact' }, 'full_name'],
    [{ full_name: 'Α', email: 'a@b.gr', source: 'contact', message: 'x'.repeat(5001) }, 'message'],
    [{ full_name: 'Α', email: 'a@b.gr', source: 'newsletter' }, 'source'],
  ])('refuses bad input %# with a 400 naming the field', async (body, field) => {
    const before = await server.ctx.db('leads').count<{ n: number }[]>({ n: '*' });
    const r = await call<{ error: { code: string; fields: Record<string, string> } }>(
      server.url,
      'POST',
      '/api/leads',
      { body },
    );
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('validation_failed');
    expect(Object.keys(r.body.error.fields)).toContain(field);
    const after = await server.ctx.db('leads').count<{ n: number }[]>({ n: '*' });
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
});

describe('POST /api/demo-requests', () => {
  it('stores a request with status new, empty optionals as null, and mails a confirmation', async () => {
    const r = await call<{ id: string; status: string; preferred_date: string | null }>(
      server.url,
      'POST',
      '/api/demo-requests',
      {
        body: {
          full_name: 'Κώστας',
          email: 'kostas@demo.test',
          company: 'Δήμος',
          role: 'media',
          preferred_date: '',
          preferred_time: '',
          notes: '',
        },
      },
    );
    expect(r.status).toBe(201);
    const row = await server.ctx.db('demo_requests').where('id', r.body.id).first();
    expect(row).toMatchObject({
      role: 'media',
      preferred_date: null,
      preferred_time: null,
      notes: null,
      status: 'new',
    });
    await server.ctx.mailer.drain();
    const sent = await waitFor(() => mail.sent.find((m) => m.to === 'kostas@demo.test'));
    expect(sent.text).toContain('15 λεπτά');
  });

  it('accepts today (Athens) and a time slot', async () => {
    const today = athensToday();
    const r = await call<{ id: string; preferred_date: string; preferred_time: string }>(
      server.url,
      'POST',
      '/api/demo-requests',
      {
        body: {
          full_name: 'Άννα',
          email: 'anna@demo.test',
          company: 'Εταιρεία',
          role: 'client',
          preferred_date: today,
          preferred_time: 'evening',
          notes: 'Μετά τις 16:00',
        },
      },
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ preferred_date: today, preferred_time: 'evening' });
    const row = await server.ctx
      .db('demo_requests')
      .where('id', r.body.id)
      .first<{ d: string; notes: string }>(
        server.ctx.db.raw("to_char(preferred_date, 'YYYY-MM-DD') as d"),
        'notes',
      );
    expect(row).toEqual({ d: today, notes: 'Μετά τις 16:00' });
  });

  it.each([
    [{ preferred_date: 'yesterday' }, 'preferred_date'],
    [{ preferred_date: '2024-02-30x' }, 'preferred_date'],
    [{ preferred_time: 'night' }, 'preferred_time'],
    [{ role: 'superadmin' }, 'role'],
    [{ company: '' }, 'company'],
    [{ email: 'x@' }, 'email'],
    [{ notes: 'x'.repeat(2001) }, 'notes'],
  ])('refuses bad input %# with a 400 naming the field', async (patch, field) => {
    const body: Record<string, string> = {
      full_name: 'Άννα',
      email: 'anna@demo.test',
      company: 'Εταιρεία',
      role: 'client',
      ...patch,
    };
    if (body.preferred_date === 'yesterday') body.preferred_date = shiftDate(athensToday(), -1);
    const r = await call<{ error: { fields: Record<string, string> } }>(
      server.url,
      'POST',
      '/api/demo-requests',
      { body },
    );
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error.fields)).toContain(field);
  });
});

describe('status page', () => {
  it('reads the newest row with incidents of the last 90 days, newest first', async () => {
    const { db } = server.ctx;
    const day = 24 * 3600 * 1000;
    await db('incidents').insert([
      {
        title: 'Παλιό',
        status: 'resolved',
        impact: 'minor',
        started_at: new Date(Date.now() - 100 * day),
        updates: '[]',
      },
      {
        title: 'Πρόσφατο',
        status: 'resolved',
        impact: 'major',
        started_at: new Date(Date.now() - 2 * day),
        resolved_at: new Date(Date.now() - 2 * day + 3600_000),
        updates: JSON.stringify([{ ts: new Date().toISOString(), message: 'Αποκαταστάθηκε' }]),
      },
      {
        title: 'Μεσαίο',
        status: 'resolved',
        impact: 'none',
        started_at: new Date(Date.now() - 30 * day),
        updates: '[]',
      },
    ]);
    const r = await call<{
      overall: string;
      components: Record<string, string>;
      uptime: { days30: number; days90: number };
      incidents: { title: string; updates: unknown[] }[];
    }>(server.url, 'GET', '/api/status');
    expect(r.status).toBe(200);
    expect(r.body.overall).toBe('operational');
    expect(r.body.components).toEqual(allOk);
    expect(r.body.uptime).toEqual({ days30: 99.9, days90: 99.8 });
    const titles = r.body.incidents.map((i) => i.title);
    expect(titles).not.toContain('Παλιό');
    expect(titles.indexOf('Πρόσφατο')).toBeLessThan(titles.indexOf('Μεσαίο'));
    expect(r.body.incidents.find((i) => i.title === 'Πρόσφατο')!.updates).toHaveLength(1);
  });

  it('shows operational defaults when no row exists', async () => {
    const { db } = server.ctx;
    const rows = await db('status_pages').select('*');
    await db('status_pages').delete();
    const r = await call<{ overall: string; components: Record<string, string>; updated_at: null }>(
      server.url,
      'GET',
      '/api/status',
    );
    expect(r.body).toMatchObject({ overall: 'operational', components: allOk, updated_at: null });
    await db('status_pages').insert(
      rows.map((row: Record<string, unknown>) => ({
        ...row,
        components: JSON.stringify(row.components),
      })),
    );
  });

  it('lets the superadmin change a component and broadcasts status:changed to anonymous sockets', async () => {
    const socket = ioClient(server.url, { path: '/socket.io', transports: ['websocket'] });
    // Sent once the socket joined its rooms (the public one too).
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const events: unknown[] = [];
    socket.on('status:changed', (p) => events.push(p));
    const r = await call<{ overall: string; components: Record<string, string> }>(
      server.url,
      'PUT',
      '/api/status',
      {
        token: superToken,
        body: { overall: 'degraded', components: { ...allOk, emails: 'outage' } },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      overall: 'degraded',
      components: { emails: 'outage', api: 'operational' },
    });
    await waitFor(() => (events.length ? true : undefined));
    socket.close();
    const read = await call<{ overall: string; components: Record<string, string> }>(
      server.url,
      'GET',
      '/api/status',
    );
    expect(read.body.components.emails).toBe('outage');

    const bad = await call<{ error: { fields: Record<string, string> } }>(
      server.url,
      'PUT',
      '/api/status',
      {
        token: superToken,
        body: { overall: 'broken', components: { ...allOk, api: 'down' } },
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(
      expect.arrayContaining(['overall', 'components.api']),
    );
    await call(server.url, 'PUT', '/api/status', {
      token: superToken,
      body: { overall: 'operational', components: allOk },
    });
  });

  it('creates an incident, appends updates and resolves it', async () => {
    const created = await call<{
      id: string;
      status: string;
      resolved_at: null;
      updates: { message: string }[];
    }>(server.url, 'POST', '/api/incidents', {
      token: superToken,
      body: {
        title: 'Καθυστέρηση στην αποστολή email',
        impact: 'major',
        message: 'Διερευνούμε καθυστερήσεις.',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'investigating', resolved_at: null });
    expect(created.body.updates.map((u) => u.message)).toEqual(['Διερευνούμε καθυστερήσεις.']);

    const upd = await call<{ status: string; updates: { message: string }[] }>(
      server.url,
      'PATCH',
      `/api/incidents/${created.body.id}`,
      {
        token: superToken,
        body: { status: 'identified', message: 'Βρέθηκε η αιτία.' },
      },
    );
    expect(upd.status).toBe(200);
    expect(upd.body.updates.map((u) => u.message)).toEqual([
      'Διερευνούμε καθυστερήσεις.',
      'Βρέθηκε η αιτία.',
    ]);

    const resolved = await call<{
      status: string;
      resolved_at: string | null;
      updates: { ts: string; message: string }[];
    }>(server.url, 'PATCH', `/api/incidents/${created.body.id}`, {
      token: superToken,
      body: { status: 'resolved' },
    });
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.resolved_at).not.toBeNull();
    expect(resolved.body.updates).toHaveLength(3);
    expect(resolved.body.updates[2]!.message).toBe('Νέα κατάσταση: Επιλύθηκε');
    const row = await server.ctx
      .db('incidents')
      .where('id', created.body.id)
      .first<{ resolved_at: Date | null }>();
    expect(row.resolved_at).not.toBeNull();

    const missing = await call(
      server.url,
      'PATCH',
      '/api/incidents/00000000-0000-4000-8000-000000000000',
      {
        token: superToken,
        body: { message: 'x' },
      },
    );
    expect(missing.status).toBe(404);
    const badId = await call(server.url, 'PATCH', '/api/incidents/nope', {
      token: superToken,
      body: { message: 'x' },
    });
    expect(badId.status).toBe(400);
    const empty = await call(server.url, 'PATCH', `/api/incidents/${created.body.id}`, {
      token: superToken,
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it('the e-mail and newsletter components follow the real outbox queues', async () => {
    const db = server.ctx.db;
    const status = async () => (await call<{ overall: string; components: Record<string, string> }>(server.url, 'GET', '/api/status')).body;
    const later = db.raw("now() + interval '1 hour'");
    const queue = (kind: string, n: number) =>
      db('mail_outbox').insert(Array.from({ length: n }, (_, i) => ({ kind, to_email: `q${i}@x.test`, subject: 'q', next_attempt_at: later })));
    await db('mail_outbox').where('status', 'queued').update({ status: 'sent' });
    await call(server.url, 'PUT', '/api/status', { token: superToken, body: { overall: 'operational', components: { api: 'operational', app: 'operational', database: 'operational', emails: 'operational', newsletters: 'operational' } } });
    expect((await status()).components.emails).toBe('operational');
    await queue('email', 60);
    await queue('newsletter', 25);
    const s = await status();
    expect(s.components.emails).toBe('degraded'); // 50-99 queued
    expect(s.components.newsletters).toBe('outage'); // 20 or more
    expect(s.overall).toBe('degraded');
    await db('mail_outbox').where('subject', 'q').delete();
    expect((await status()).components.newsletters).toBe('operational');
  });
});

describe('PUT /api/cookie-consent', () => {
  it('upserts one row per user, version v1, necessary always true', async () => {
    const { db } = server.ctx;
    const first = await call(server.url, 'PUT', '/api/cookie-consent', {
      token: clientToken,
      body: { functional: true, performance: false, marketing: true },
    });
    expect(first.status).toBe(200);
    await call(server.url, 'PUT', '/api/cookie-consent', {
      token: clientToken,
      body: {
        version: 'v1',
        necessary: true,
        functional: false,
        performance: true,
        marketing: false,
      },
    });
    const rows = await db('cookie_consents').where('user_id', clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      version: 'v1',
      necessary: true,
      functional: false,
      performance: true,
      marketing: false,
    });
    const refused = await call<{ error: { fields: Record<string, string> } }>(
      server.url,
      'PUT',
      '/api/cookie-consent',
      {
        token: clientToken,
        body: { necessary: false, functional: 'yes', performance: false, marketing: false },
      },
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(
      expect.arrayContaining(['necessary', 'functional']),
    );
  });
});

describe('platform settings', () => {
  it('reads and writes signup_requires_approval, and sign-up follows it', async () => {
    const read = await call<{ signup_requires_approval: boolean }>(
      server.url,
      'GET',
      '/api/platform-settings',
      { token: superToken },
    );
    expect(read.body).toEqual({ signup_requires_approval: true });
    const off = await call(server.url, 'PUT', '/api/platform-settings', {
      token: superToken,
      body: { signup_requires_approval: false },
    });
    expect(off.body).toEqual({ signup_requires_approval: false });
    const row = await server.ctx
      .db('platform_settings')
      .where('key', 'signup_requires_approval')
      .first<{ value: unknown }>();
    expect(row.value).toBe(false);
    const { id } = await signUp(server.url, 'auto@public.test');
    const profile = await server.ctx
      .db('profiles')
      .where('user_id', id)
      .first<{ status: string }>();
    expect(profile.status).toBe('approved');
    await call(server.url, 'PUT', '/api/platform-settings', {
      token: superToken,
      body: { signup_requires_approval: true },
    });
    const bad = await call(server.url, 'PUT', '/api/platform-settings', {
      token: superToken,
      body: { signup_requires_approval: 'no' },
    });
    expect(bad.status).toBe(400);
  });
});
