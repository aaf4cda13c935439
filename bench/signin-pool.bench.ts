/**
 * Signed-in requests while others sign in: p50/p99 of GET /api/tasks (an access-token check, a
 * session read, a small list) through HTTP, idle and while four sign-ins at argon2id's full cost
 * (64 MiB, 3 passes: the production cost) run back to back without pause. In the same run, the
 * floor: GET /healthz (no token, no session) under the same sign-ins.
 *
 * argon2 runs on libuv's thread pool (four threads by default), where WebCrypto's HMAC also ran
 * (jose 6 verified access tokens that way) and where zlib and file reads run. Before session 26
 * every signed-in request waited for a free thread behind the sign-ins; now the token is checked
 * on the event loop (jwt-hs256.ts) and at most two argon2 jobs hold pool threads
 * (password-hash.ts). Compare with the code before by running this file in its worktree.
 *
 *   npx tsx bench/signin-pool.bench.ts            (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/signin-pool.bench.ts
 */
import argon2 from 'argon2';
import { startTestServer } from '../server/src/test/app';
import { call, signUpAndIn } from '../server/src/test/http';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const SIGNERS = 4;
const PASSWORD = 'Thalassa-2026';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((s.length * p) / 100) - 1))]!;
};
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function timed(n: number, request: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const status = await request();
    if (status !== 200) throw new Error(`request answered ${status}`);
    out.push(performance.now() - t0);
  }
  return out;
}

async function main(): Promise<void> {
  // The sign-in limits scaled out of the way: this measures the pool, not the limiter.
  const server = await startTestServer({ RATE_LIMIT_SCALE: '1000' });
  try {
    const reader = await signUpAndIn(server.url, 'reader@pool.bench');
    // Accounts whose stored hash is at full cost (the test server hashes at argon2's minimum;
    // a check reads the cost from the stored hash).
    const full = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    const signers: string[] = [];
    for (let i = 0; i < SIGNERS * 8; i += 1) {
      const { id } = await signUpAndIn(server.url, `signer${i}@pool.bench`);
      await server.ctx.db('users').where('id', id).update({ encrypted_password: full });
      signers.push(`signer${i}@pool.bench`);
    }
    const tasks = () => call(server.url, 'GET', '/api/tasks', { token: reader.token }).then((r) => r.status);
    const health = () => call(server.url, 'GET', '/healthz').then((r) => r.status);

    await timed(20, tasks); // warm-up
    const idleTasks = await timed(ROUNDS, tasks);
    const idleHealth = await timed(ROUNDS, health);

    let running = true;
    let signIns = 0;
    const loops = Array.from({ length: SIGNERS }, async (_, k) => {
      for (let i = k; running; i += SIGNERS) {
        const r = await call(server.url, 'POST', '/auth/v1/token?grant_type=password', { body: { email: signers[i % signers.length], password: PASSWORD } });
        if (r.status !== 200) throw new Error(`sign-in answered ${r.status}`);
        signIns += 1;
      }
    });
    await new Promise((r) => setTimeout(r, 300)); // the four first sign-ins under way
    const t0 = performance.now();
    const busyTasks = await timed(ROUNDS, tasks);
    const busyHealth = await timed(ROUNDS, health);
    const took = performance.now() - t0;
    running = false;
    await Promise.all(loops);

    console.log(`Signed-in GET /api/tasks and GET /healthz, ${ROUNDS} each, idle and during ${SIGNERS} back-to-back full-cost sign-ins`);
    console.log(`database: ${process.env.DATABASE_URL ? 'Postgres' : 'embedded (PGlite)'}; UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
    console.log(`${'measure'.padEnd(44)}       p50        p99`);
    const rows = [
      ['GET /api/tasks, idle', idleTasks],
      ['GET /healthz, idle', idleHealth],
      ['GET /api/tasks, during sign-ins', busyTasks],
      ['GET /healthz, during sign-ins (the floor)', busyHealth],
    ] as const;
    for (const [name, s] of rows) console.log(`${name.padEnd(44)} ${ms(pct(s, 50))} ${ms(pct(s, 99))}`);
    console.log(`sign-ins completed meanwhile: ${signIns} (${((signIns / took) * 1000).toFixed(1)} per second)`);
    console.log(`during sign-ins, /api/tasks over /healthz: p50 ${(pct(busyTasks, 50) / pct(busyHealth, 50)).toFixed(2)}×, p99 ${(pct(busyTasks, 99) / pct(busyHealth, 99)).toFixed(2)}×`);
  } finally {
    await server.stop(); // the server and its database
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
