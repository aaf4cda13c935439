import crypto from 'node:crypto';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { HASHING_THREADS, hashCostFor, hashPassword, verifyPassword } from './password-hash';

describe('password hashing cost', () => {
  it('hashes at argon2id’s full cost outside test processes, at its minimum only under NODE_ENV=test', async () => {
    expect(hashCostFor({ env: 'production' })).toBe('full');
    expect(hashCostFor({ env: 'development' })).toBe('full');
    expect(hashCostFor({ env: 'test' })).toBe('test');
    const full = await hashPassword('σωστός κωδικός', 'full');
    expect(full).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    const cheap = await hashPassword('σωστός κωδικός', 'test');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // Either verifies with the cost it carries.
    expect(await argon2.verify(full, 'σωστός κωδικός')).toBe(true);
    expect(await argon2.verify(cheap, 'σωστός κωδικός')).toBe(true);
  });
});

describe("password hashing beside the rest of libuv's thread pool", () => {
  it('leaves threads free: a file read or zlib job queued behind four full-cost sign-ins runs before any of them ends', async () => {
    const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    expect(HASHING_THREADS).toBe(Math.max(1, threads - 2));
    const stored = await hashPassword('σωστός κωδικός', 'full');
    const order: string[] = [];
    // As many sign-ins as the pool has threads, checking a full-cost hash (~0.1–0.5 s each
    // here); argon2 hands each check to the pool as it is called.
    const signIns = Array.from({ length: threads }, (_, i) => verifyPassword(stored, i ? 'λάθος' : 'σωστός κωδικός').then(() => order.push(`sign-in ${i}`)));
    // Then any other job of the pool (a one-iteration pbkdf2 stands for a file read or a zlib chunk: microseconds).
    await new Promise<void>((resolve) => crypto.pbkdf2('p', 's', 1, 32, 'sha256', () => resolve(void order.push('other job'))));
    await Promise.all(signIns);
    expect(order[0]).toBe('other job');
    expect(order).toHaveLength(threads + 1);
  });

  it('a wrong password, or a stored value that is no hash, is false; the right one true', async () => {
    const stored = await hashPassword('σωστός κωδικός', 'test');
    expect(await verifyPassword(stored, 'σωστός κωδικός')).toBe(true);
    expect(await verifyPassword(stored, 'λάθος')).toBe(false);
    expect(await verifyPassword('not a hash', 'σωστός κωδικός')).toBe(false);
  });
});
