/**
 * Behind a proxy (the compose file's nginx), every request reaches the app from the proxy's
 * address; the per-address rate limits must key on the client's address that the proxy passes
 * in X-Forwarded-For, and only on the entry the trusted proxy itself appended: what a client
 * writes there is not believed. The proxy here does what nginx's `$proxy_add_x_forwarded_for`
 * does; the clients come from distinct loopback addresses (127.0.0.2, 127.0.0.3).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, type TestServer } from '../test/app';

function nginxLikeProxy(target: number): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const prior = req.headers['x-forwarded-for'];
    const xff = prior ? `${String(prior)}, ${req.socket.remoteAddress}` : req.socket.remoteAddress;
    const upstream = http.request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: { ...req.headers, 'x-forwarded-for': xff } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

let n = 0;
function postLead(port: number, from: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ full_name: 'Μαρία Παππά', email: `lead${++n}@example.gr`, source: 'contact' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        path: '/api/leads',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('TRUST_PROXY', () => {
  let server: TestServer;
  let proxy: http.Server;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
    proxy = await nginxLikeProxy(server.port);
    port = (proxy.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => proxy.close(r));
    await server.stop();
  });

  it('keys the per-address limit on each client behind the proxy, and ignores what a client writes in X-Forwarded-For', async () => {
    // Client A uses up the public form's limit (5 an hour per address) …
    for (let i = 0; i < 5; i++) expect(await postLead(port, '127.0.0.2')).toBe(201);
    expect(await postLead(port, '127.0.0.2')).toBe(429);
    // … and cannot escape it by claiming another address before the proxy's own entry.
    expect(await postLead(port, '127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).toBe(429);
    expect(await postLead(port, '127.0.0.2', { 'x-forwarded-for': '127.0.0.9' })).toBe(429);
    // Client B, behind the same proxy, is not locked out by A.
    expect(await postLead(port, '127.0.0.3')).toBe(201);
  });
});

describe('TRUST_PROXY configuration', () => {
  it('takes a hop count, false, or addresses and ranges; names the variable when invalid', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, uniquelocal,::1' }).trustProxy).toEqual(['10.0.0.0/8', 'uniquelocal', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
  });
});
