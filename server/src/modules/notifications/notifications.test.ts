import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../../shared/schemas/notifications';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { addMember, newOrganisation, type TestMember } from '../../test/releases';

/**
 * The bell follows the active organisation: a notice about one organisation's work (a task, an
 * approval) does not show while the member works in another; the person's own notices show in
 * every organisation.
 */
let server: TestServer;
let agencyId: string;
let brandId: string;
let agent: TestMember;
let brandOwner: TestMember;

const api = <T>(method: string, path: string, token: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const bell = async (token: string) => (await api<NotificationList>('GET', '/notifications', token)).body;

beforeAll(async () => {
  server = await startTestServer();
  agencyId = await newOrganisation(server.ctx.db, { name: 'Πρακτορείο' });
  brandId = await newOrganisation(server.ctx.db, { name: 'Πελάτης' });
  agent = await addMember(server, agencyId, 'owner', 'agent@bell.test', 'Γιάννης');
  brandOwner = await addMember(server, brandId, 'owner', 'brand@bell.test', 'Σοφία');
  await server.ctx.db('organisation_members').insert({ organisation_id: brandId, user_id: agent.id, role: 'editor' });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the bell of a member of two organisations', () => {
  it('shows a task assigned in the client’s organisation only while it is the active one; personal notices always', async () => {
    // While the agent works in the agency, the brand's owner assigns him a task in the brand.
    await server.ctx.db('profiles').where('user_id', agent.id).update({ active_organisation_id: brandId });
    expect((await api('POST', '/tasks', brandOwner.token, { title: 'Κείμενο για την έκθεση', assignee_user_id: agent.id })).status).toBe(201);
    expect((await api('PUT', '/organisations/active', agent.token, { organisation_id: agencyId })).status).toBe(200);
    await server.ctx.db('notifications').insert({ user_id: agent.id, kind: 'account.notice', title: 'Προσωπική ειδοποίηση', data: '{}' });

    const inAgency = await bell(agent.token);
    expect(inAgency.items.map((n) => n.title)).toEqual(['Προσωπική ειδοποίηση']);
    expect(inAgency.unreadCount).toBe(1);

    // «Όλες ως αναγνωσμένες» in the agency leaves the brand's notice unread.
    expect((await api('POST', '/notifications/read-all', agent.token)).status).toBe(200);

    expect((await api('PUT', '/organisations/active', agent.token, { organisation_id: brandId })).status).toBe(200);
    const inBrand = await bell(agent.token);
    expect(inBrand.items.map((n) => [n.title, n.organisationId])).toEqual([
      ['Προσωπική ειδοποίηση', null],
      ['Σας ανατέθηκε μια εργασία', brandId],
    ]);
    expect(inBrand.unreadCount).toBe(1);
  });
});
