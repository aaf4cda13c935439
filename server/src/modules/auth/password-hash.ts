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

export function hashPassword(password: string, cost: HashCost): Promise<string> {
  return argon2.hash(password, OPTIONS[cost]);
}
