import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/db';
import { DomainThrottle } from './domain-throttle';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan read from a table: those its scans returned and those they filtered out. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table && /Scan/.test(node['Node Type'])
      ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + rowsRead(p, table), 0);
}

describe("the outbox's claim as the outbox grows", () => {
  it('reads the next queued e-mail, not the history of sent ones nor every queued one', async () => {
    const { db } = testDb;
    // A send's 1,500 e-mails queued behind 1,500 already sent (a day of a busy platform, scaled down).
    for (const status of ['sent', 'queued'] as const) {
      for (let start = 0; start < 1500; start += 500) {
        await db('mail_outbox').insert(
          Array.from({ length: 500 }, (_, i) => ({ to_email: `j${start + i}@${status}.example.gr`, subject: 'Δελτίο', status, sent_at: status === 'sent' ? new Date() : null })),
        );
      }
    }
    await db.raw('analyze mail_outbox');
    const { sql, binds } = new DomainThrottle({ defaultPerMinute: 100_000 }).claimSql(
      new Date(),
      "status = 'sending', attempts = attempts + 1, lease_until = now() + (? * interval '1 millisecond')",
      'id, to_email',
    );
    // Explained as it runs (it claims a row), then rolled back.
    const trx = await db.transaction();
    const r = (await trx.raw(`explain (analyze, format json) ${sql}`, [...binds, 60_000])) as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
    await trx.rollback();
    const plan = r.rows[0]!['QUERY PLAN'][0].Plan;
    // The candidate (one row) and the claimed row by its id: a handful, not thousands.
    expect(rowsRead(plan, 'mail_outbox')).toBeLessThan(20);
  });
});
