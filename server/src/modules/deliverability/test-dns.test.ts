import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { ManualDns, TEST_DNS_PATH } from './test-dns';

describe('the manual resolver of a server is for tests only', () => {
  let server: TestServer | undefined;
  const flag = process.env.E2E_DNS;
  afterEach(async () => {
    if (flag === undefined) delete process.env.E2E_DNS;
    else process.env.E2E_DNS = flag;
    await server?.stop();
    server = undefined;
  });

  const post = (body: unknown) =>
    fetch(`${server!.url}${TEST_DNS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('a server started with E2E_DNS=manual answers what the test route set', async () => {
    process.env.E2E_DNS = 'manual';
    server = await startTestServer();
    expect(server.ctx.deliverability.dns).toBeInstanceOf(ManualDns);
    expect((await post({ txt: { 'S1._domainkey.example.gr': [['v=DKIM1; ', 'p=abc']] }, cname: { 'bounces.example.gr': ['b.deltio.gr'] } })).status).toBe(204);
    expect(await server.ctx.deliverability.dns.txt('s1._domainkey.example.gr')).toEqual([['v=DKIM1; ', 'p=abc']]);
    expect(await server.ctx.deliverability.dns.cname('bounces.example.gr')).toEqual(['b.deltio.gr']);
    expect((await post({ clear: true })).status).toBe(204);
    expect(await server.ctx.deliverability.dns.txt('s1._domainkey.example.gr')).toEqual([]);
    expect((await post({ txt: 'nope' })).status).toBe(400);
  });

  it('a production server ignores E2E_DNS: no route, the system resolver', async () => {
    process.env.E2E_DNS = 'manual';
    server = await startTestServer({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://deltio.example' });
    expect(server.ctx.deliverability.dns).not.toBeInstanceOf(ManualDns);
    expect((await post({ txt: { 'example.gr': ['v=spf1 -all'] } })).status).toBe(404);
  });

  it('without the flag a test server has no route either', async () => {
    delete process.env.E2E_DNS;
    server = await startTestServer();
    expect(server.ctx.deliverability.dns).not.toBeInstanceOf(ManualDns);
    expect((await post({ clear: true })).status).toBe(404);
  });
});
