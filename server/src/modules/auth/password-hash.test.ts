import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashCostFor, hashPassword } from './password-hash';

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
