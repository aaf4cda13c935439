/**
 * Grows the demo data set (server/src/db/seed) to `factor` times its size in SQL, for the
 * lists' scale bench: every demo user (but the superadmin) with their profile, organisations
 * and memberships, the journalists' places on the media lists, the demo company's releases with
 * what was sent of them, their deliveries, opens and clicks, and the audit log are copied
 * factor − 1 times. A copy's ids are derived from the original's (md5 of id and copy number),
 * its addresses and slugs carry the copy number, its times are the original's less k seconds,
 * so the lists read the same shape of data, only more of it, in the same period.
 * The company's releases stay the company's: its client sees factor × the demo's releases.
 */
import type { Knex } from 'knex';

/** `t.col` mapped to the k-th copy's id (a uuid, the same for every table that refers to it). */
export const copyId = (col: string) => `md5(${col}::text || ':' || k)::uuid`;

/** A column mapping: a SQL expression over the original row `t` and the copy number `k`. */
type Remap = Record<string, string>;

async function columnsOf(db: Knex, table: string): Promise<{ name: string; type: string }[]> {
  const r = (await db.raw(
    `select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ?
        and is_generated = 'NEVER' and is_identity = 'NO' and coalesce(column_default, '') not like 'nextval(%'
      order by ordinal_position`,
    [table],
  )) as { rows: { column_name: string; data_type: string }[] };
  if (!r.rows.length) throw new Error(`grow-demo: no table ${table}`);
  return r.rows.map((c) => ({ name: c.column_name, type: c.data_type }));
}

/**
 * Inserts copies 1..factor−1 of the rows of `table` matching `where` (over `t`); a uuid `id`
 * becomes the copy's, serial ids are the sequence's; unknown remapped columns are skipped.
 */
async function copyRows(db: Knex, table: string, factor: number, remap: Remap, where = 'true'): Promise<void> {
  const all = await columnsOf(db, table);
  const cols = all.map((c) => c.name);
  if (all.some((c) => c.name === 'id' && c.type === 'uuid') && !remap.id) remap = { ...remap, id: copyId('t.id') };
  remap = Object.fromEntries(Object.entries(remap).filter(([c]) => cols.includes(c)));
  const list = cols.map((c) => `"${c}"`).join(', ');
  const values = cols.map((c) => remap[c] ?? `t."${c}"`).join(', ');
  await db.raw(`insert into ${table} (${list}) select ${values} from ${table} t cross join generate_series(1, ?) as k where ${where}`, [factor - 1]);
}

const earlier = (col: string) => `t.${col} - make_interval(secs => k)`;
/** A uuid column that points at a copied row: the copy's; left as it is when the row is not one. */
const copiedOr = (col: string, copied: string) => `case when t.${col} in (${copied}) then ${copyId(`t.${col}`)} else t.${col} end`;

export interface DemoIds {
  superadminId: string;
  organisationId: string;
}

export async function growDemo(db: Knex, factor: number, ids: DemoIds): Promise<void> {
  if (factor <= 1) return;
  const sa = db.raw('?::uuid', [ids.superadminId]).toQuery();
  const org = db.raw('?::uuid', [ids.organisationId]).toQuery();
  const users = `select id from users where id <> ${sa} and email not like '%+copy%'`;
  const mail = (col: string) => `replace(t.${col}, '@', '+copy' || k || '@')`;
  const orgs = `select id from organisations where id <> ${org}`;

  await db.transaction(async (trx) => {
    const originalOrgs = ((await trx.raw(orgs)) as { rows: { id: string }[] }).rows.map((r) => r.id);
    const origList = originalOrgs.length ? originalOrgs.map((id) => trx.raw('?::uuid', [id]).toQuery()).join(', ') : 'null';
    const userList = ((await trx.raw(users)) as { rows: { id: string }[] }).rows.map((r) => trx.raw('?::uuid', [r.id]).toQuery()).join(', ');
    await copyRows(trx, 'users', factor, { id: copyId('t.id'), email: mail('email'), created_at: earlier('created_at') }, `t.id in (${userList})`);
    // Every other organisation (the pending companies, the journalists' outlets if any) is copied with its owner.
    await copyRows(
      trx,
      'organisations',
      factor,
      {
        id: copyId('t.id'),
        created_at: earlier('created_at'),
        created_by: copiedOr('created_by', userList),
        newsroom_slug: `t.newsroom_slug || '-' || k`,
      },
      `t.id in (${origList})`,
    );
    await copyRows(
      trx,
      'profiles',
      factor,
      {
        user_id: copyId('t.user_id'),
        email: mail('email'),
        created_at: earlier('created_at'),
        newsroom_slug: `t.newsroom_slug || '-' || k`,
        active_organisation_id: copiedOr('active_organisation_id', origList),
      },
      `t.user_id in (${userList})`,
    );
    // Memberships of copied users: in the copy of their organisation, or the demo company's own.
    await copyRows(
      trx,
      'organisation_members',
      factor,
      { organisation_id: copiedOr('organisation_id', origList), user_id: copyId('t.user_id'), created_at: earlier('created_at') },
      `t.user_id in (${userList})`,
    );
    await copyRows(trx, 'media_lists', factor, { media_id: copyId('t.media_id'), created_at: earlier('created_at') });

    // The demo company's releases, with what they carry.
    const releases = `select id from press_releases where organisation_id = ${org}`;
    const relList = ((await trx.raw(releases)) as { rows: { id: string }[] }).rows.map((r) => trx.raw('?::uuid', [r.id]).toQuery()).join(', ');
    await copyRows(
      trx,
      'press_releases',
      factor,
      { id: copyId('t.id'), created_at: earlier('created_at'), title: `t.title || ' (' || k || ')'` },
      `t.id in (${relList})`,
    );
    const rel = (col = 'press_release_id') => ({ [col]: copyId(`t.${col}`) });
    const inCopied = `t.press_release_id in (${relList})`;
    await copyRows(trx, 'release_sent_versions', factor, { ...rel(), slug: `t.slug || '-' || k` }, inCopied);
    await copyRows(trx, 'deliveries', factor, rel(), inCopied);
    await copyRows(trx, 'reporting', factor, rel(), inCopied);
    await copyRows(trx, 'reporting_events', factor, rel(), inCopied);
    // The audit log: every entry again, a little earlier, about the copies where it names one.
    await copyRows(trx, 'audit_logs', factor, { created_at: earlier('created_at') });
  });
  await db.raw('vacuum analyze');
}
