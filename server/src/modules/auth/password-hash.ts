import argon2 from 'argon2';
import type { Config } from '../../config';

/**
 * How passwords are hashed: argon2id at the library's cost (64 MiB, 3 passes), what an attacker
 * holding the table pays per guess. A test process (NODE_ENV=test: the vitest servers and the
 * e2e server) hashes at argon2's minimum cost instead, since its suites sign up and sign in
 * thousands of times on two cores; verification reads the cost from the stored hash either way.
 */
export type HashCost = 'full' | 'test';

const OPTIONS: Record<HashCost, argon2.Options> = {
  full: { type: argon2.argon2id },
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

export const hashCostFor = (config: Pick<Config, 'env'>): HashCost => (config.env === 'test' ? 'test' : 'full');

/**
 * How many argon2 jobs may hold a thread of libuv's pool at once: two fewer than the pool has
 * (default 4, UV_THREADPOOL_SIZE), at least one. argon2 runs on that pool, beside every file
 * read, zlib stream (compressed responses) and DNS lookup of the process; four sign-ins at full
 * cost held all four threads for ~0.5 s, and everything else queued behind them. Past the
 * limit a hash waits here, in JavaScript, where it holds nothing. On two cores two full-cost
 * hashes (four lanes each) already keep the CPU busy, so sign-ins go no slower.
 */
export const HASHING_THREADS = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);

let running = 0;
const waiting: (() => void)[] = [];

async function onHashingThread<T>(job: () => Promise<T>): Promise<T> {
  if (running >= HASHING_THREADS) await new Promise<void>((start) => waiting.push(start));
  else running += 1;
  try {
    return await job();
  } finally {
    // The slot passes straight to the next in line (so `running` never drops between them).
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string, cost: HashCost): Promise<string> {
  return onHashingThread(() => argon2.hash(password, OPTIONS[cost]));
}

/** True when the password matches the stored hash; false for a wrong password or a hash argon2 cannot read. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return onHashingThread(() => argon2.verify(hash, password)).catch(() => false);
}
