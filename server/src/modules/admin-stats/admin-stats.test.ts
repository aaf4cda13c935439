import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthBadge, healthLevel, type AdminHealth, type AdminOverview, type AdminStatistics, type AuditLog } from '../../../../shared/schemas/admin';
import { HEALTH_THRESHOLDS } from '../../../../shared/constants';
import { addDays, dayIn } from '../../../../shared/reports';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';

describe('health levels', () => {
  it('follows the spec thresholds', () => {
    expect(healthLevel(45, HEALTH_THRESHOLDS.dbLatencyMs)).toBe('green');
    expect(healthLevel(100, HEALTH_THRESHOLDS.dbLatencyMs)).toBe('yellow');
    expect(healthLevel(199, HEALTH_THRESHOLDS.dbLatencyMs)).toBe('yellow');
    expect(healthLevel(200, HEALTH_THRESHOLDS.dbLatencyMs)).toBe('red');
    expect(healthLevel(49, HEALTH_THRESHOLDS.emailQueue)).toBe('green');
    expect(healthLevel(99, HEALTH_THRESHOLDS.emailQueue)).toBe('yellow');
    expect(healthLevel(10, HEALTH_THRESHOLDS.newsletterQueue)).toBe('yellow');
    expect(healthLevel(20, HEALTH_THRESHOLDS.newsletterQueue)).toBe('red');
    expect(healthLevel(null, HEALTH_THRESHOLDS.newsletterQueue)).toBe('unknown');
    expect(healthBadge(['green', 'green', 'green'])).toBe('healthy');
    expect(healthBadge(['green', 'yellow', 'green'])).toBe('warning');
    expect(healthBadge(['green', 'unknown', 'yellow'])).toBe('unknown');
    expect(healthBadge(['red', 'unknown', 'green'])).toBe('error');
  });
});

let server: TestServer;
let token: string;
let root: string;

beforeAll(async () => {
  server = await startTestServer();
  const { id } = await signUp(server.url, 'root@stats.test', 'client');
  root = id;
  await server.ctx.db('profiles').where('user_id', id).update({ role: 'superadmin', status: 'approved' });
  token = (await signIn(server.url, 'root@stats.test', 'Thalassa-2026', server.config.superadminLoginPath)).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const get = <T>(path: string) => call<T>(server.url, 'GET', `/api${path}`, { token });

describe('overview', () => {
  it('counts from real data and charts the last 7 days', async () => {
    const before = (await get<AdminOverview>('/admin/overview')).body;
    await signUp(server.url, 'new-client@stats.test', 'client');
    await signUp(server.url, 'new-media@stats.test', 'media');
    const old = await signUp(server.url, 'old@stats.test', 'client');
    await server.ctx.db('profiles').where('user_id', old.id).update({ created_at: new Date(Date.now() - 40 * 86_400_000), status: 'approved' });
    const r = await get<AdminOverview>('/admin/overview');
    expect(r.status).toBe(200);
    const o = r.body;
    expect(o.counters.newClients).toBe(before.counters.newClients + 1);
    expect(o.counters.newMedia).toBe(before.counters.newMedia + 1);
    expect(o.counters.pending).toBe(before.counters.pending + 2);
    expect(o.signups).toHaveLength(7);
    const today = o.signups[6]!;
    expect(today.client - before.signups[6]!.client).toBe(1);
    expect(today.media - before.signups[6]!.media).toBe(1);
    expect(o.roles.find((x) => x.role === 'superadmin')?.count).toBe(1);
    expect(o.releasesByCategory).toHaveLength(6);
  });

  it('measures health for real', async () => {
    const r = await get<AdminHealth>('/admin/health');
    expect(r.status).toBe(200);
    expect(r.body.db.value).toBeGreaterThanOrEqual(0);
    expect(r.body.emailQueue.value).toBeGreaterThanOrEqual(0);
    expect(r.body.newsletterQueue.value).toBe(0);
    expect(['healthy', 'warning', 'error']).toContain(r.body.badge);
  });
});

describe('statistics', () => {
  it('counts sign-ups per day over the range', async () => {
    // Days are Athens days (as the screen's): between midnight in Athens and midnight UTC the UTC date is a day behind.
    const day = dayIn(new Date());
    const from = addDays(day, -3);
    const r = await get<AdminStatistics>(`/admin/statistics?from=${from}&to=${day}`);
    expect(r.status).toBe(200);
    expect(r.body.days.length).toBeGreaterThanOrEqual(4);
    expect(r.body.totals.signups).toBeGreaterThanOrEqual(3);
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'GET', '/api/admin/statistics?from=2026-02-01&to=2026-01-01', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('to');
  });
});

describe('audit log', () => {
  it('lists newest first with filters; there is no way to edit or delete', async () => {
    const u = await signUp(server.url, 'audited@stats.test', 'client');
    expect((await call(server.url, 'POST', `/api/admin/users/${u.id}/actions`, { token, body: { action: 'approve' } })).status).toBe(200);
    expect((await call(server.url, 'POST', `/api/admin/users/${u.id}/actions`, { token, body: { action: 'deactivate' } })).status).toBe(200);
    const all = await get<{ items: AuditLog[]; total: number }>('/admin/audit-logs');
    expect(all.body.items.slice(0, 2).map((x) => x.action_type)).toEqual(['user.deactivate', 'user.approve']);
    const approve = await get<{ items: AuditLog[]; total: number }>('/admin/audit-logs?action=user.approve&actor=ROOT@stats');
    expect(approve.body.total).toBe(1);
    expect(approve.body.items[0]).toMatchObject({ actor_email: 'root@stats.test', actor_role: 'superadmin', entity_id: u.id });
    // The names the screen writes its sentences with, read now: the actor's and the user's.
    const [actorName, userName] = (await Promise.all(
      [root, u.id].map((id) => server.ctx.db('profiles').where('user_id', id).first('name')),
    )) as { name: string }[];
    expect(approve.body.items[0]).toMatchObject({ actor_name: actorName!.name, entity_label: userName!.name, subject_name: null });
    // An entry whose entity id is not a uuid (a media list's category) has no label, and no error.
    await server.ctx.db('audit_logs').insert({ action_type: 'media_list.add', entity_type: 'media_list', entity_id: 'tech', actor_role: 'system', metadata: { userId: 'not-a-uuid' } });
    const list = await get<{ items: AuditLog[] }>('/admin/audit-logs?action=media_list.add');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ entity_label: null, subject_name: null, actor_name: null });
    expect((await get<{ total: number }>('/admin/audit-logs?actor=nobody')).body.total).toBe(0);
    expect((await get<{ total: number }>('/admin/audit-logs?from=2020-01-01&to=2020-01-02')).body.total).toBe(0);
    const id = all.body.items[0]!.id;
    for (const m of ['PATCH', 'PUT', 'DELETE']) {
      expect((await call(server.url, m, `/api/admin/audit-logs/${id}`, { token, body: m === 'DELETE' ? undefined : {} })).status).toBe(404);
    }
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'GET', '/api/admin/audit-logs?action=user.delete&from=x', { token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['action', 'from']);
  });
});
