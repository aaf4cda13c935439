import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn } from '../../test/http';
import { createSuperadmin, ensureFirstSuperadmin } from './superadmin';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the first superadmin in production (no seed, sign-ups wait for approval)', () => {
  it('is created once from the first-start variables and signs in at the hidden path only', async () => {
    const input = { email: 'Root@First.test', password: 'Thalassa-2026' };
    expect(await ensureFirstSuperadmin(server.ctx.db, input)).toBe(true);
    expect(await ensureFirstSuperadmin(server.ctx.db, { ...input, email: 'second@first.test' })).toBe(false);
    const s = await signIn(server.url, 'root@first.test', 'Thalassa-2026', server.config.superadminLoginPath);
    const me = await call<{ user_metadata: { role: string } }>(server.url, 'GET', '/auth/v1/user', { token: s.access_token });
    expect(me.body.user_metadata.role).toBe('superadmin');
    const plain = await call(server.url, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'root@first.test', password: 'Thalassa-2026' },
    });
    expect(plain.status).toBe(400);
  });

  it('create-superadmin resets an existing account to superadmin with the new password, and refuses a common one', async () => {
    await expect(createSuperadmin(server.ctx.db, { email: 'root@first.test', password: 'password1' })).rejects.toMatchObject({ code: 'weak_password' });
    const r = await createSuperadmin(server.ctx.db, { email: 'root@first.test', password: 'Kainourgios-2026' });
    expect(r.created).toBe(false);
    await signIn(server.url, 'root@first.test', 'Kainourgios-2026', server.config.superadminLoginPath);
  });
});
