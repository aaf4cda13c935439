import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * A statement the server runs on every request of a hot path (the session check, a task's
 * change), sent as a named prepared statement: each pooled connection parses and plans it once,
 * and Postgres may keep a generic plan after five runs, instead of planning it every time (the
 * task change's five parts took 0.6–0.9 ms to plan, as long as they took to run). The name is
 * the hash of the text as sent, so a text built from parts (a task change names the columns it
 * sets) is a statement of its own, never one name for two texts (node-postgres refuses that).
 * On the embedded database the name is ignored.
 *
 * A migration run by another process while this one serves can change what a prepared
 * statement returns; Postgres then refuses it ("cached plan must not change result type").
 * The statement is then named anew (parsed and planned again) and, outside a transaction,
 * run once more.
 */
export async function preparedRaw<T = unknown>(q: Knex | Knex.Transaction, sql: string, bindings: readonly Knex.RawBinding[]): Promise<T> {
  try {
    return (await named(q, sql, bindings)) as T;
  } catch (err) {
    if (!isStalePlan(err)) throw err;
    generation += 1;
    names.clear();
    if (q.isTransaction) throw err;
    return (await named(q, sql, bindings)) as T;
  }
}

function named(q: Knex | Knex.Transaction, sql: string, bindings: readonly Knex.RawBinding[]): Knex.Raw {
  const raw = q.raw(sql, bindings as Knex.RawBinding[]);
  return raw.options({ name: statementName(raw.toSQL().toNative().sql) });
}

const isStalePlan = (err: unknown) => (err as { code?: string }).code === '0A000' && /cached plan/.test((err as Error).message);

let generation = 0;
const names = new Map<string, string>();

export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s${generation}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}
