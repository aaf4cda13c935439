/**
 * Property-based fuzzing of every route in the authorization tables (the *.authz.ts files
 * that authz-matrix.test.ts reads) and of the auth API, as each kind of caller, with
 * fast-check. Bodies are the route's own sample body with fields replaced by hostile values,
 * or arbitrary JSON; queries and path segments get hostile strings and raw malformed
 * percent-encoding. Properties: never a 5xx, and a 4xx leaves the database as it was.
 *
 * Bounded: FUZZ_RUNS runs per route (default 10; about a minute on 2 cores). A failure
 * prints fast-check's seed and path; FUZZ_SEED=<seed> replays it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/app';
import { CALLERS, matrixEntries, setupMatrixWorld, type AuthzModule, type Caller } from './test/authz';
import { ACCEPTED_TERMS } from './test/http';

const modules = import.meta.glob<{ authz: AuthzModule }>(['./modules/*/*.authz.ts', './collab/*.authz.ts'], { eager: true });
const entries = matrixEntries(modules);

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** The auth API is not in the /api matrix: its routes, with a sample body each. */
const AUTH_ROUTES: { key: string; path: string; body?: Record<string, unknown> }[] = [
  { key: 'POST /auth/v1/signup', path: '/auth/v1/signup', body: { email: 'fuzz@fuzz.test', password: 'Thalassa-2026', data: { role: 'client', name: 'Fuzz' }, ...ACCEPTED_TERMS } },
  { key: 'POST /auth/v1/token', path: '/auth/v1/token?grant_type=password', body: { email: 'client@matrix.test', password: 'wrong-password' } },
  { key: 'POST /auth/v1/token (refresh)', path: '/auth/v1/token?grant_type=refresh_token', body: { refresh_token: 'x'.repeat(40) } },
  { key: 'POST /auth/v1/recover', path: '/auth/v1/recover', body: { email: 'nobody@fuzz.test' } },
  { key: 'POST /auth/v1/verify', path: '/auth/v1/verify', body: { type: 'recovery', token: 'y'.repeat(40) } },
  { key: 'GET /auth/v1/verify', path: '/auth/v1/verify?token=abc' },
  { key: 'POST /auth/v1/resend', path: '/auth/v1/resend', body: { type: 'signup', email: 'nobody@fuzz.test' } },
  { key: 'GET /auth/v1/user', path: '/auth/v1/user' },
  { key: 'PUT /auth/v1/user', path: '/auth/v1/user', body: { data: { name: 'Fuzz' } } },
];

// Hostile values ---------------------------------------------------------------------------

const HUGE = 'α'.repeat(200_000);
/** Text Postgres cannot store or that is not valid Unicode: weighted up, it is what breaks. */
const unstorable = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\ud83d', '%00');
const hostileString = fc.oneof(
  { weight: 3, arbitrary: unstorable },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', ' ', '💥'.repeat(3), HUGE, '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", 'null', 'NaN', '-1', '1e309', '2026-13-45', '00000000-0000-0000-0000-000000000000'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e21, 0.5, -0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTO_KEYS, '\u0000', '\ud800')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value of the sample's own type made hostile (so it passes type checks and reaches deeper). */
function typedMutation(v: unknown): fc.Arbitrary<unknown> {
  if (typeof v === 'string') {
    return fc.oneof(
      { weight: 2, arbitrary: unstorable.map((u) => `${v}${u}`) },
      { weight: 1, arbitrary: hostileString },
    );
  }
  if (typeof v === 'number') return hostileNumber;
  if (Array.isArray(v) && v.length) return fc.array(typedMutation(v[0]), { minLength: 1, maxLength: 3 });
  if (v && typeof v === 'object') return mutateBody(v);
  return hostileValue;
}

/** The sample body with some fields replaced (by their own type or anything) and prototype keys added. */
function mutateBody(sample: unknown): fc.Arbitrary<unknown> {
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return hostileValue;
  const keys = Object.keys(sample);
  const fields = sample as Record<string, unknown>;
  return fc
    .tuple(
      fc.subarray(keys, { minLength: Math.min(1, keys.length) }),
      fc.tuple(...keys.map((k) => fc.oneof({ weight: 3, arbitrary: typedMutation(fields[k]) }, { weight: 1, arbitrary: hostileValue }))),
      fc.option(fc.tuple(fc.constantFrom(...PROTO_KEYS), hostileValue), { nil: undefined }),
    )
    .map(([replaced, values, extra]) => {
      const out: Record<string, unknown> = { ...fields };
      replaced.forEach((k) => (out[k] = values[keys.indexOf(k)]));
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return out;
    });
}

/** encodeURIComponent refuses lone surrogates; they travel as raw '%ED%A0%80' below instead. */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const QUERY_KEYS = ['q', 'page', 'limit', 'status', 'category', 'from', 'to', 'sort', 'token', 'format', 'period', 'role', 'unread', 'id'];
/** Encoded hostile strings and raw malformed percent-encoding. */
const queryPart = fc.oneof(
  hostileString.map((s) => encodeURIComponent(wellFormed(s.slice(0, 5000)))),
  fc.constantFrom('%00', '%ED%A0%80', '%E0%A4%A', '%', '%zz', '%C0%80', '%FF', '+%00+'),
);
const hostileQuery = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS, '__proto__', 'a[b]', 'x%00'), queryPart), { minLength: 1, maxLength: 5 });

/** Replaces one path segment that looks like a fixture (uuid, number, token) with a hostile one. */
function mutatePath(path: string, replace: boolean, segment: string): string {
  if (!replace) return path;
  const parts = path.split('/');
  const idx = parts.findIndex((p, i) => i > 0 && (/^[0-9a-f-]{8,}$/i.test(p) || /^\d+$/.test(p) || p.length >= 20));
  if (idx === -1) return path;
  parts[idx] = segment;
  return parts.join('/');
}
const pathSegment = fc.oneof(
  hostileString.map((s) => encodeURIComponent(wellFormed(s.slice(0, 300))) || 'x'),
  fc.constantFrom('%00', '%ED%A0%80', '%E0%A4%A', '..%2F..%2Fpackage.json', '-1', '0', '99999999999999999999', 'null'),
);

const requestArb = (sampleBody: unknown) =>
  fc.record({
    caller: fc.constantFrom(...CALLERS),
    body: fc.oneof({ weight: 3, arbitrary: mutateBody(sampleBody) }, { weight: 1, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant(undefined) }),
    rawBody: fc.option(fc.constantFrom('{"a":', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '[]', '"x"', '1e999', '{"__proto__":{"admin":true}}'), { nil: undefined, freq: 6 }),
    query: hostileQuery,
    replaceSegment: fc.boolean(),
    segment: pathSegment,
  });

// The world --------------------------------------------------------------------------------

let server: TestServer;
let tokens: Partial<Record<Caller, string>> = {};
let fixtures: Record<string, string> = {};
/** Tables that change on their own or by design on a refused request (rate-limit counters). */
const VOLATILE = new Set(['rate_limits', 'jobs', 'mail_outbox', 'knex_migrations', 'knex_migrations_lock']);
let fingerprintSql = '';

async function fingerprint(): Promise<Record<string, string>> {
  const result = await server.ctx.db.raw<{ rows: { t: string; h: string }[] }>(fingerprintSql);
  return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_SCALE: '1000' });
  ({ tokens, fixtures } = await setupMatrixWorld(server, modules));
  // No background work while fuzzing: the database changes only through the requests.
  await server.ctx.jobs.stop();
  await server.ctx.mailer.stop();
  const tables = (await server.ctx.db.raw<{ rows: { table_name: string }[] }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  )).rows
    .map((r) => r.table_name)
    .filter((t) => !VOLATILE.has(t));
  fingerprintSql = tables
    .map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`)
    .join(' union all ');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function send(
  method: string,
  path: string,
  caller: Caller,
  body: unknown,
  rawBody: string | undefined,
): Promise<{ status: number; text: string }> {
  const token = tokens[caller];
  const hasBody = method !== 'GET' && (rawBody !== undefined || body !== undefined);
  const res = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: hasBody ? (rawBody ?? JSON.stringify(body)) : undefined,
  });
  return { status: res.status, text: (await res.text()).slice(0, 300) };
}

function withQuery(path: string, query: [string, string][]): string {
  if (!query.length) return path;
  const qs = query.map(([k, v]) => `${k}=${v}`).join('&');
  return path.includes('?') ? `${path}&${qs}` : `${path}?${qs}`;
}

async function fuzzRoute(method: string, basePath: string, sampleBody: unknown): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requestArb(sampleBody), async (r) => {
      const path = withQuery(mutatePath(basePath, r.replaceSegment, r.segment), r.query);
      const before = await fingerprint();
      const res = await send(method, path, r.caller, r.body, r.rawBody);
      expect(res.status, `${method} ${path.slice(0, 200)} as ${r.caller}: ${res.text}`).toBeLessThan(500);
      if (res.status >= 400) {
        const after = await fingerprint();
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        expect(changed, `${method} ${path.slice(0, 200)} as ${r.caller} answered ${res.status} but changed the database`).toEqual([]);
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}

describe('fuzz: every route, every caller, hostile input', () => {
  it('covers every route of the authorization tables', () => {
    expect(Object.keys(entries).length).toBe(server.api.routes.length);
  });

  for (const [key, entry] of Object.entries(entries)) {
    const method = key.split(' ')[0]!;
    it(key, async () => {
      const sample = entry.request(fixtures);
      await fuzzRoute(method, `/api${sample.path}`, sample.body);
    }, 60_000);
  }

  for (const route of AUTH_ROUTES) {
    const method = route.key.split(' ')[0]!;
    it(route.key, async () => {
      await fuzzRoute(method, route.path, route.body);
    }, 60_000);
  }
});
