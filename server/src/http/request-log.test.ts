import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isStaticAsset, requestLogger, requestRoutes } from './request-log';

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level }, sink);
  const app = express();
  app.use(requestLogger(logger));
  app.get('/hello', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/api/things', (_req, res) => {
    res.json([]);
  });
  app.get(['/assets/index-abc123.js', '/favicon.svg', '/@vite/client', '/src/main.tsx'], (_req, res) => {
    res.type('text/javascript').send('export {};');
  });
  app.get('/client/dashboard', (_req, res) => {
    res.type('html').send('<!doctype html>');
  });
  return { app, lines };
}

describe('access log', () => {
  it('writes one info line per request: method, path (no query), status and time, no headers', async () => {
    const { app, lines } = appLoggingAt('info');
    await request(app).get('/hello?token=secret').set('Cookie', 'a=b').expect(200);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.msg).toMatch(/^GET \/hello 200 \d+ms$/);
    expect(line.req).toEqual({ method: 'GET', path: '/hello' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret');
    expect(JSON.stringify(line)).not.toContain('headers');
  });

  it('adds request and response headers at debug', async () => {
    const { app, lines } = appLoggingAt('debug');
    await request(app).get('/hello').set('X-Test', 'yes').expect(200);
    expect(lines).toHaveLength(1);
    const line = lines[0] as {
      req: { headers: Record<string, string> };
      res: { headers: Record<string, string> };
    };
    expect(line.req.headers['x-test']).toBe('yes');
    expect(line.res.headers['content-type']).toContain('application/json');
  });
});

describe('access log of static files', () => {
  it('leaves the client\'s files out at info, keeps pages and API requests', async () => {
    const { app, lines } = appLoggingAt('info');
    await request(app).get('/client/dashboard').expect(200);
    for (const file of ['/assets/index-abc123.js', '/favicon.svg', '/@vite/client', '/src/main.tsx'])
      await request(app).get(file).expect(200);
    await request(app).get('/api/things').expect(200);
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^GET \/client\/dashboard 200 /),
      expect.stringMatching(/^GET \/api\/things 200 /),
    ]);
  });

  it('logs them at debug, and a missing one as a warning', async () => {
    const { app, lines } = appLoggingAt('debug');
    await request(app).get('/assets/index-abc123.js?v=1').expect(200);
    await request(app).get('/assets/gone-123.js').expect(404);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, expect.stringMatching(/^GET \/assets\/index-abc123\.js 200 /)],
      [40, expect.stringMatching(/^GET \/assets\/gone-123\.js 404 /)],
    ]);
  });

  it('tells the client\'s files from pages, feeds and API paths', () => {
    for (const file of ['/assets/a-1.css', '/assets/x.js.br', '/favicon.svg', '/favicon.ico', '/@fs/x/y.js', '/node_modules/.vite/deps/react.js'])
      expect(isStaticAsset(file), file).toBe(true);
    for (const url of ['/', '/client', '/api/releases/1/export.pdf', '/newsroom/acme/feed.xml', '/robots.txt', '/unsubscribe/12.abcDEF1234', '/sources/x.svg'])
      expect(isStaticAsset(url), url).toBe(false);
  });
});

describe('requestRoutes (the event-loop monitor\'s view of what runs)', () => {
  it('tells each request\'s route as it starts (ids and query left out) and when it ends', async () => {
    const events: string[] = [];
    const app = express();
    app.use(
      requestRoutes((route) => {
        events.push(`start ${route}`);
        return () => events.push(`end ${route}`);
      }),
    );
    app.get('/api/releases/:id/versions', (_req, res) => {
      events.push('handler');
      res.json({ ok: true });
    });
    await request(app).get('/api/releases/0b6f3f5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/versions?token=secret').expect(200);
    expect(events).toEqual(['start GET /api/releases/:id/versions', 'handler', 'end GET /api/releases/:id/versions']);
  });
});
