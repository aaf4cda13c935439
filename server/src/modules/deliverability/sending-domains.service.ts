import { randomUUID } from 'node:crypto';
import type { SendingDomainStatus } from '../../../../shared/constants';
import { isFreeMailDomain, type SendingDomain, type SendingDomainCreateBody, type SendingDomainsResponse } from '../../../../shared/schemas/sending-domains';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { athensDay } from '../../jobs/calendar';
import { requireOrganisation } from '../organisations/access';
import { dkimSelector, domainRecords, encryptPrivateKey, generateDkimKey, returnPathHostOf } from './dkim-keys';
import { checkDomain } from './dns-check';
import * as repo from './sending-domains.repo';
import { addressOf } from './sender-identity';

/** At most this many domains per organisation (one is used; the others wait for their records). */
export const MAX_DOMAINS = 5;

function present(ctx: AppContext, row: repo.SendingDomainRow, inUseId: string | undefined): SendingDomain {
  const { bounceDomain, spfInclude } = ctx.config.deliverability;
  return {
    id: row.id,
    domain: row.domain,
    from_local_part: row.from_local_part,
    from_address: `${row.from_local_part}@${row.domain}`,
    status: row.status,
    dkim_selector: row.dkim_selector,
    return_path_host: row.return_path_host,
    records: domainRecords(
      {
        domain: row.domain,
        dkimSelector: row.dkim_selector,
        dkimPublicKey: row.dkim_public_key,
        returnPathHost: row.return_path_host,
        // The first SPF record found (several are joined by ' | '): the one to correct and keep.
        spfFound: row.checks.spf?.found?.split(' | ')[0] ?? null,
        dmarcFound: row.checks.dmarc?.ok ? row.checks.dmarc.found : null,
      },
      { bounceDomain, spfInclude },
    ),
    checks: row.checks,
    in_use: row.id === inUseId,
    verified_at: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    last_checked_at: row.last_checked_at ? new Date(row.last_checked_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

async function listPresented(ctx: AppContext, organisationId: string): Promise<SendingDomain[]> {
  const [rows, inUse] = await Promise.all([repo.listDomains(ctx.db, organisationId), repo.domainInUse(ctx.db, organisationId)]);
  return rows.map((r) => present(ctx, r, inUse?.id));
}

export async function listSendingDomains(ctx: AppContext, actor: Actor, organisationId: string): Promise<SendingDomainsResponse> {
  await requireOrganisation(ctx.db, actor, organisationId, 'read');
  return { domains: await listPresented(ctx, organisationId), platform_from: addressOf(ctx.config.mailFrom) };
}

async function presentOne(ctx: AppContext, organisationId: string, id: string): Promise<SendingDomain> {
  const domain = (await listPresented(ctx, organisationId)).find((d) => d.id === id);
  if (!domain) throw notFound('Sending domain not found');
  return domain;
}

export async function addSendingDomain(ctx: AppContext, actor: Actor, organisationId: string, body: SendingDomainCreateBody): Promise<SendingDomain> {
  await requireOrganisation(ctx.db, actor, organisationId, 'domains.manage');
  if (isFreeMailDomain(body.domain)) {
    throw new HttpError(422, 'free_mail_domain', `Το ${body.domain} είναι δωρεάν υπηρεσία e-mail: προσθέστε το domain της εταιρείας σας (π.χ. aigaio-tech.gr)`, {
      domain: 'Δεν επιτρέπονται domain δωρεάν e-mail (gmail.com, yahoo.com, hotmail.com, outlook.com …)',
    });
  }
  if (ctx.config.deliverability.bounceDomain === body.domain || body.domain.endsWith(`.${ctx.config.deliverability.bounceDomain}`)) {
    throw new HttpError(422, 'platform_domain', 'Αυτό είναι domain της πλατφόρμας', { domain: 'Δεν επιτρέπεται' });
  }
  const key = await generateDkimKey();
  const id = randomUUID();
  const kek = ctx.config.deliverability.keyEncryptionKey;
  await ctx.db.transaction(async (trx) => {
    // One at a time per organisation: the count and the uniqueness are checked under the lock.
    await trx('organisations').where('id', organisationId).forUpdate().first('id');
    if (await repo.domainExists(trx, organisationId, body.domain)) {
      throw new HttpError(409, 'domain_exists', 'Το domain έχει ήδη προστεθεί', { domain: 'Το domain έχει ήδη προστεθεί' });
    }
    const [{ n }] = (await trx('sending_domains').where('organisation_id', organisationId).count({ n: '*' })) as [{ n: string | number }];
    if (Number(n) >= MAX_DOMAINS) throw new HttpError(422, 'too_many_domains', `Έως ${MAX_DOMAINS} domain ανά οργανισμό`);
    await repo.insertDomain(trx, {
      id,
      organisation_id: organisationId,
      domain: body.domain,
      from_local_part: body.from_local_part ?? 'press',
      dkim_selector: dkimSelector(ctx.clock.now()),
      dkim_public_key: key.publicKeyB64,
      dkim_private_key_enc: encryptPrivateKey(kek, id, key.privateKeyPem),
      key_id: kek.id,
      return_path_host: returnPathHostOf(body.domain),
      created_by: actor.userId,
    });
    await writeAudit(trx, ctx.logger, actor, {
      action: 'sending_domain.added',
      entityType: 'sending_domain',
      entityId: id,
      metadata: { organisation_id: organisationId, domain: body.domain },
    });
  });
  return presentOne(ctx, organisationId, id);
}

/** What a check's outcome makes of the status: DKIM decides; a DNS error changes nothing. */
export function nextStatus(current: SendingDomainStatus, dkim: { ok: boolean; problem?: string }): SendingDomainStatus {
  if (dkim.ok) return 'verified';
  if (dkim.problem === 'dns_error') return current;
  // A verified domain whose DKIM record went away falls back to the platform identity.
  return current === 'verified' ? 'failed' : current;
}

/**
 * Checks one domain's DNS now and records the outcome; a change of status is audited and the
 * sender identity forgets the organisation (its next mail uses the new identity).
 */
export async function runCheck(ctx: AppContext, id: string, actor: AuditActor): Promise<repo.SendingDomainRow | undefined> {
  const row = await repo.domainById(ctx.db, id);
  if (!row) return undefined;
  const now = ctx.clock.now();
  const checks = await checkDomain(
    ctx.deliverability.dns,
    { domain: row.domain, dkimSelector: row.dkim_selector, dkimPublicKey: row.dkim_public_key, returnPathHost: row.return_path_host },
    ctx.config.deliverability,
    now,
  );
  let changed = false;
  const updated = await ctx.db.transaction(async (trx) => {
    const current = await repo.lockDomain(trx, id);
    if (!current) return undefined;
    const status = nextStatus(current.status, checks.dkim);
    const verifiedAt = status === 'verified' ? (current.status === 'verified' ? current.verified_at : now) : current.verified_at;
    await repo.saveChecks(trx, id, { status, checks, checkedAt: now, verifiedAt });
    const returnPathChanged = !!current.checks.return_path?.ok !== checks.return_path.ok;
    changed = status !== current.status || returnPathChanged;
    if (status !== current.status && (status === 'verified' || status === 'failed')) {
      await writeAudit(trx, ctx.logger, actor, {
        action: status === 'verified' ? 'sending_domain.verified' : 'sending_domain.failed',
        entityType: 'sending_domain',
        entityId: id,
        metadata: {
          organisation_id: current.organisation_id,
          domain: current.domain,
          ...(status === 'failed' ? { dkim: { problem: checks.dkim.problem ?? null, found: checks.dkim.found } } : {}),
          return_path: checks.return_path.ok,
        },
      });
    }
    return { ...current, status, checks, last_checked_at: now, verified_at: verifiedAt };
  });
  if (updated && changed) ctx.deliverability.identity.forget(updated.organisation_id);
  if (updated?.status === 'failed' && changed) {
    ctx.logger.warn({ domain: updated.domain, organisationId: updated.organisation_id }, 'sending domain: DKIM record gone, mail falls back to the platform identity');
  }
  return updated;
}

export async function verifySendingDomain(ctx: AppContext, actor: Actor, organisationId: string, id: string): Promise<SendingDomain> {
  await requireOrganisation(ctx.db, actor, organisationId, 'domains.manage');
  if (!(await repo.findDomain(ctx.db, organisationId, id))) throw notFound('Sending domain not found');
  await runCheck(ctx, id, actor);
  return presentOne(ctx, organisationId, id);
}

export async function removeSendingDomain(ctx: AppContext, actor: Actor, organisationId: string, id: string): Promise<void> {
  await requireOrganisation(ctx.db, actor, organisationId, 'domains.manage');
  await ctx.db.transaction(async (trx) => {
    const row = await repo.findDomain(trx, organisationId, id);
    if (!row) throw notFound('Sending domain not found');
    await repo.deleteDomain(trx, id);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'sending_domain.removed',
      entityType: 'sending_domain',
      entityId: id,
      metadata: { organisation_id: organisationId, domain: row.domain, status: row.status },
    });
  });
  ctx.deliverability.identity.forget(organisationId);
}

/** The daily re-check of every domain (the system's audit rows). */
export async function recheckAllDomains(ctx: AppContext): Promise<{ checked: number; failed: number }> {
  let checked = 0;
  let failed = 0;
  for (const d of await repo.domainsToRecheck(ctx.db)) {
    try {
      const r = await runCheck(ctx, d.id, null);
      if (r) checked++;
    } catch (err) {
      failed++;
      ctx.logger.warn({ err, id: d.id }, 'sending domain: the re-check failed');
    }
  }
  return { checked, failed };
}

export const RECHECK_JOB = 'deliverability.domains_recheck';

/**
 * The re-check as a durable job once a day (the Athens day by the context's clock): at the
 * first poll of a day any process schedules it under the day's key, one of them runs it.
 */
export function registerDomainRecheck(ctx: AppContext): void {
  ctx.jobs.register(RECHECK_JOB, async () => {
    const r = await recheckAllDomains(ctx);
    if (r.checked || r.failed) ctx.logger.info(r, 'sending domains re-checked');
  });
  let last: number | undefined;
  ctx.jobs.onTick(async () => {
    const now = ctx.clock.now();
    if (last !== undefined && Math.abs(now.getTime() - last) < 10 * 60_000) return;
    last = now.getTime();
    await ctx.jobs.schedule(RECHECK_JOB, {}, { runAt: now, dedupeKey: `${RECHECK_JOB}:${athensDay(now)}`, onConflict: 'ignore' });
  });
}
