import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createTestDb, type TestDb } from '../../test/db';
import { writeAudit } from './audit.service';

let t: TestDb;
const logger = createLogger({ logLevel: 'silent', env: 'test' });
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.destroy();
});

describe('writeAudit', () => {
  it('commits with the transaction that made the change', async () => {
    await t.db.transaction(async (trx) => {
      await trx('platform_settings').insert({ key: 'audit_test', value: JSON.stringify(1) });
      await writeAudit(trx, logger, { userId: '00000000-0000-4000-8000-000000000001', email: 'a@x.gr', role: 'superadmin' }, {
        action: 'user.approve',
        entityType: 'profile',
        entityId: 'abc',
        metadata: { from: 'pending', to: 'approved' },
      });
    });
    const row = await t.db('audit_logs').where('entity_id', 'abc').first();
    expect(row).toMatchObject({ action_type: 'user.approve', actor_email: 'a@x.gr', actor_role: 'superadmin', metadata: { from: 'pending', to: 'approved' } });
  });

  it('is rolled back with the change', async () => {
    await expect(
      t.db.transaction(async (trx) => {
        await writeAudit(trx, logger, null, { action: 'task.create', entityType: 'task', entityId: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db('audit_logs').where('entity_id', 'rolled-back')).toHaveLength(0);
  });

  it('writes a row the database certainly accepts in one statement, without a savepoint', async () => {
    const sqls: string[] = [];
    const seen = (q: { sql: string }) => void sqls.push(q.sql);
    t.db.on('query', seen);
    try {
      await t.db.transaction(async (trx) => {
        await writeAudit(trx, logger, { userId: '00000000-0000-4000-8000-000000000002', email: 'b@x.gr', role: 'client' }, {
          action: 'task.create',
          entityType: 'task',
          entityId: 'one-statement',
          metadata: { title: 'Εργασία 🙂' },
        });
      });
    } finally {
      t.db.off('query', seen);
    }
    expect(sqls.filter((q) => /savepoint/i.test(q))).toEqual([]);
    expect(sqls.filter((q) => q.startsWith('insert into "audit_logs"'))).toHaveLength(1);
    expect(await t.db('audit_logs').where('entity_id', 'one-statement').first('metadata')).toEqual({ metadata: { title: 'Εργασία 🙂' } });
  });

  it('a row the database may refuse (a NUL in its metadata) goes under a savepoint: refused, logged, and the action commits', async () => {
    await t.db.transaction(async (trx) => {
      await writeAudit(trx, logger, null, { action: 'task.create', entityType: 'task', entityId: 'nul', metadata: { title: 'a\u0000b' } });
      await trx('platform_settings').insert({ key: 'after_nul_audit', value: JSON.stringify(true) });
    });
    expect(await t.db('platform_settings').where('key', 'after_nul_audit').first()).toBeTruthy();
    expect(await t.db('audit_logs').where('entity_id', 'nul')).toHaveLength(0);
  });

  it('never breaks the action when the audit insert fails', async () => {
    await t.db.transaction(async (trx) => {
      await writeAudit(trx, logger, null, { action: 'not.an.action' as 'task.create', entityType: 'task', entityId: 'bad' });
      await trx('platform_settings').insert({ key: 'after_bad_audit', value: JSON.stringify(true) });
    });
    expect(await t.db('platform_settings').where('key', 'after_bad_audit').first()).toBeTruthy();
    expect(await t.db('audit_logs').where('entity_id', 'bad')).toHaveLength(0);
  });
});
