/**
 * Users query benchmark: 50,000 profiles in a fresh database; the p99 of the
 * superadmin users query through the repository (one page + a separate count) against
 * a bare SQL query doing the same, in the same run. Target: within 1.5x.
 *
 *   npx tsx bench/users.bench.ts            (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/users.bench.ts
 */
import type { AdminUsersQuery } from '../shared/schemas/admin';
import { countUsers, listUsers } from '../server/src/modules/admin-users/admin-users.repo';
import { createTestDb } from '../server/src/test/db';

const N = Number(process.env.BENCH_USERS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const PAGE = 10;

type Case = { name: string; f: Pick<AdminUsersQuery, 'role' | 'status'> & { q?: string }; page: number };
const CASES: Case[] = [
  { name: 'newest first, no filter', f: { role: 'all', status: 'all' }, page: 1 },
  { name: 'pending queue', f: { role: 'all', status: 'pending' }, page: 1 },
  { name: 'role media, page 50', f: { role: 'media', status: 'all' }, page: 50 },
  { name: 'search name', f: { q: 'Χρήστης 4242', role: 'all', status: 'all' }, page: 1 },
  { name: 'search organization + role', f: { q: 'οργανισμός 7', role: 'client', status: 'approved' }, page: 1 },
  { name: 'inactive', f: { role: 'all', status: 'inactive' }, page: 1 },
];

function bare(c: Case): { list: [string, unknown[]]; count: [string, unknown[]] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (c.f.role !== 'all') {
    where.push('role = ?');
    args.push(c.f.role);
  }
  if (c.f.status === 'inactive') where.push('is_active = false');
  else if (c.f.status !== 'all') {
    where.push('status = ?');
    args.push(c.f.status);
  }
  if (c.f.q) {
    const p = `%${c.f.q.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    where.push('(name ilike ? or email ilike ? or organization ilike ?)');
    args.push(p, p, p);
  }
  const w = where.length ? `where ${where.join(' and ')}` : '';
  return {
    list: [
      `select user_id, name, email, role, organization, status, is_active, created_at from profiles ${w} order by created_at desc, user_id desc limit ? offset ?`,
      [...args, PAGE, (c.page - 1) * PAGE],
    ],
    count: [`select count(*)::int as n from profiles ${w}`, args],
  };
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)]!;
};

async function main() {
  const t = await createTestDb();
  const { db } = t;
  try {
    const started = performance.now();
    await db.raw(
      `insert into users (id, email, created_at)
       select gen_random_uuid(), 'user' || i || '@bench.example', now() - (i || ' minutes')::interval
       from generate_series(1, ?) as i`,
      [N],
    );
    await db.raw(
      `insert into profiles (user_id, email, name, role, organization, status, is_active, created_at)
       select u.id, u.email,
              'Χρήστης ' || substr(u.email, 5, strpos(u.email, '@') - 5),
              (array['client','media','client','media','client'])[1 + (hashtext(u.email) & 4)],
              'Οργανισμός ' || (abs(hashtext(u.email)) % 1000),
              (array['approved','approved','approved','pending','rejected','banned','approved','approved'])[1 + (hashtext(u.email) & 7)],
              (abs(hashtext(u.email)) % 50) <> 0,
              u.created_at
       from users u where u.email like '%@bench.example'`,
    );
    await db.raw('analyze profiles');
    console.log(`inserted ${N} users + profiles in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const repoTimes: number[] = [];
    const bareTimes: number[] = [];
    const perCase: Record<string, { repo: number[]; bare: number[] }> = {};
    for (const c of CASES) perCase[c.name] = { repo: [], bare: [] };
    for (let round = 0; round < ROUNDS + 5; round++) {
      for (const c of CASES) {
        // Alternate the order so neither side always runs on a warm cache.
        const runs = [
          async () => {
            const s = performance.now();
            await listUsers(db, c.f, c.page, PAGE);
            await countUsers(db, c.f);
            return ['repo', performance.now() - s] as const;
          },
          async () => {
            const q = bare(c);
            const s = performance.now();
            await db.raw(q.list[0], q.list[1] as never);
            await db.raw(q.count[0], q.count[1] as never);
            return ['bare', performance.now() - s] as const;
          },
        ];
        if (round % 2) runs.reverse();
        for (const run of runs) {
          const [kind, ms] = await run();
          if (round < 5) continue; // warm-up
          (kind === 'repo' ? repoTimes : bareTimes).push(ms);
          perCase[c.name]![kind].push(ms);
        }
      }
    }
    for (const c of CASES) {
      const x = perCase[c.name]!;
      console.log(`  ${c.name.padEnd(28)} repo p99 ${p99(x.repo).toFixed(2)} ms   bare p99 ${p99(x.bare).toFixed(2)} ms`);
    }
    const r = p99(repoTimes);
    const b = p99(bareTimes);
    console.log(`users query p99 (list + count, ${repoTimes.length} samples each, ${N} profiles, ${process.env.DATABASE_URL ? 'postgres' : 'embedded'}):`);
    console.log(`  repository: ${r.toFixed(2)} ms`);
    console.log(`  bare SQL:   ${b.toFixed(2)} ms`);
    console.log(`  ratio:      ${(r / b).toFixed(2)}x (target <= 1.5x) ${r / b <= 1.5 ? 'OK' : 'OVER'}`);
    process.exitCode = r / b <= 1.5 ? 0 : 1;
  } finally {
    await t.destroy();
  }
}

void main();
