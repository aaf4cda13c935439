import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createClientApp, injectIntoHtml, injectedConfig, isKnownClientPath } from './client-app';

const config = loadConfig({ SUPERADMIN_LOGIN_PATH: '/hidden-door' });

describe('client app serving', () => {
  it('knows the spec routes, the editor by id, the admin redirects and the hidden login', () => {
    for (const p of ['/', '/pricing', '/client/reports', '/media/bookmarks', '/superadmin/logs', '/admin/users', '/hidden-door', '/login/']) {
      expect(isKnownClientPath(p, '/hidden-door'), p).toBe(true);
    }
    expect(isKnownClientPath('/client/press-releases/0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c', '/hidden-door')).toBe(true);
    expect(isKnownClientPath('/media/press-releases/0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c', '/hidden-door')).toBe(true);
    expect(isKnownClientPath('/media/press-releases/not-an-id', '/hidden-door')).toBe(false);
    expect(isKnownClientPath('/nope', '/hidden-door')).toBe(false);
    expect(isKnownClientPath('/client/press-releases/not-an-id', '/hidden-door')).toBe(false);
    expect(isKnownClientPath('/unsubscribe/42.AbCdEfGhIjKlMnOpQrStUvWx', '/hidden-door')).toBe(true);
    expect(isKnownClientPath('/unsubscribe/nope', '/hidden-door')).toBe(false);
  });

  it('flags the hidden login path and lists demo accounts outside production only', () => {
    expect(injectedConfig(config, '/hidden-door').superadminLogin).toBe(true);
    expect(injectedConfig(config, '/login').superadminLogin).toBe(false);
    expect(injectedConfig(config, '/login').devPanel?.accounts.map((a) => a.email)).toEqual([
      'superadmin@example.com',
      'client@example.com',
      'media@example.com',
    ]);
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'y'.repeat(40), PUBLIC_URL: 'https://deltio.gr', SUPERADMIN_LOGIN_PATH: '/hidden-door' });
    expect(injectedConfig(prod, '/login').devPanel).toBeNull();
  });

  it('injects the config with the nonce and escapes markup', () => {
    const html = injectIntoHtml('<html><head></head><body></body></html>', {
      superadminLogin: false,
      devPanel: { superadminLoginPath: '/x</script>', accounts: [] },
    }, 'abc');
    expect(html).toContain('<script nonce="abc">window.__APP_CONFIG__=');
    expect(html).not.toContain('/x</script>');
    expect(html.indexOf('__APP_CONFIG__')).toBeLessThan(html.indexOf('</head>'));
  });

  it('puts the first request first in <head> and the preloads after the config', () => {
    const template = '<html><head>\n    <meta charset="UTF-8" />\n    <script type="module" src="/assets/index.js"></script></head><body></body></html>';
    const html = injectIntoHtml(template, { superadminLogin: false, devPanel: null }, 'abc', '<link rel="modulepreload" href="/assets/x.js">', '<script nonce="abc">early()</script>');
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf('early()'));
    expect(html.indexOf('early()')).toBeLessThan(html.indexOf('/assets/index.js'));
    expect(html.indexOf('__APP_CONFIG__')).toBeLessThan(html.indexOf('/assets/x.js'));
    expect(html.indexOf('/assets/x.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('answers /favicon.ico with the SVG icon, not a 404 (browsers ask for it on JSON and text pages)', async () => {
    const client = await createClientApp(config, createLogger({ logLevel: 'silent', env: 'test' }), false);
    const app = express().use(client.router);
    const res = await request(app).get('/favicon.ico');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
    await client.close();
  });
});
