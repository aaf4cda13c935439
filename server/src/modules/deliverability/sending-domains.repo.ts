import type { Knex } from 'knex';
import type { SendingDomainStatus } from '../../../../shared/constants';
import type { DnsChecks } from '../../../../shared/schemas/sending-domains';

type Q = Knex | Knex.Transaction;

export interface SendingDomainRow {
  id: string;
  organisation_id: string;
  domain: string;
  from_local_part: string;
  dkim_selector: string;
  dkim_public_key: string;
  dkim_private_key_enc: string;
  key_id: string;
  return_path_host: string;
  status: SendingDomainStatus;
  checks: DnsChecks;
  verified_at: Date | null;
  last_checked_at: Date | null;
  created_by: string | null;
  created_at: Date;
}

const COLUMNS = [
  'id',
  'organisation_id',
  'domain',
  'from_local_part',
  'dkim_selector',
  'dkim_public_key',
  'dkim_private_key_enc',
  'key_id',
  'return_path_host',
  'status',
  'checks',
  'verified_at',
  'last_checked_at',
  'created_by',
  'created_at',
];

const parse = (r: SendingDomainRow): SendingDomainRow => ({
  ...r,
  checks: (typeof r.checks === 'string' ? JSON.parse(r.checks) : (r.checks ?? {})) as DnsChecks,
});

/**
 * The one domain an organisation's mail goes from: its latest verified one (verified_at, then
 * creation). Several verified domains are allowed; the newest verification wins.
 */
const IN_USE_ORDER = ['verified_at desc', 'created_at desc', 'id desc'];

export async function listDomains(q: Q, organisationId: string): Promise<SendingDomainRow[]> {
  const rows = (await q('sending_domains').where('organisation_id', organisationId).orderBy('created_at').orderBy('id').select(COLUMNS)) as SendingDomainRow[];
  return rows.map(parse);
}

export async function findDomain(q: Q, organisationId: string, id: string): Promise<SendingDomainRow | undefined> {
  const row = (await q('sending_domains').where({ organisation_id: organisationId, id }).first(COLUMNS)) as SendingDomainRow | undefined;
  return row && parse(row);
}

export async function domainById(q: Q, id: string): Promise<SendingDomainRow | undefined> {
  const row = (await q('sending_domains').where('id', id).first(COLUMNS)) as SendingDomainRow | undefined;
  return row && parse(row);
}

/** The verified domain the organisation's mail uses, or undefined (platform identity). */
export async function domainInUse(q: Q, organisationId: string): Promise<SendingDomainRow | undefined> {
  const row = (await q('sending_domains')
    .where({ organisation_id: organisationId, status: 'verified' })
    .orderByRaw(IN_USE_ORDER.join(', '))
    .first(COLUMNS)) as SendingDomainRow | undefined;
  return row && parse(row);
}

export async function domainExists(q: Q, organisationId: string, domain: string): Promise<boolean> {
  return !!(await q('sending_domains').where('organisation_id', organisationId).whereRaw('lower(domain) = lower(?)', [domain]).first('id'));
}

export async function insertDomain(trx: Knex.Transaction, row: Omit<SendingDomainRow, 'status' | 'checks' | 'verified_at' | 'last_checked_at' | 'created_at'>): Promise<void> {
  await trx('sending_domains').insert({ ...row, status: 'pending', checks: JSON.stringify({}) });
}

export async function saveChecks(
  trx: Knex.Transaction,
  id: string,
  o: { status: SendingDomainStatus; checks: DnsChecks; checkedAt: Date; verifiedAt: Date | null },
): Promise<void> {
  await trx('sending_domains')
    .where('id', id)
    .update({ status: o.status, checks: JSON.stringify(o.checks), last_checked_at: o.checkedAt, verified_at: o.verifiedAt });
}

export async function deleteDomain(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('sending_domains').where('id', id).delete();
}

/** Every domain that was verified or is waiting for its records, for the daily re-check. */
export async function domainsToRecheck(q: Q): Promise<{ id: string; organisation_id: string }[]> {
  return (await q('sending_domains').orderBy('id').select('id', 'organisation_id')) as { id: string; organisation_id: string }[];
}

/** Locks the row for a check (the daily job and a user's "check now" do not interleave). */
export async function lockDomain(trx: Knex.Transaction, id: string): Promise<SendingDomainRow | undefined> {
  const row = (await trx('sending_domains').where('id', id).forUpdate().first(COLUMNS)) as SendingDomainRow | undefined;
  return row && parse(row);
}
