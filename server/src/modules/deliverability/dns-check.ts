import type { DnsCheck, DnsChecks } from '../../../../shared/schemas/sending-domains';
import { dkimName, dkimValue, dmarcName, dmarcValue, spfExpected, spfIncludes } from './dkim-keys';
import type { DnsResolver } from './dns';

export interface DomainToCheck {
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
  returnPathHost: string;
}

/** A TXT record's strings joined (DNS splits long values into 255-character strings). */
const joined = (records: string[][]) => records.map((chunks) => chunks.join(''));
const noSpace = (s: string) => s.replace(/\s+/g, '');

/** `k=v; k=v` tags of a DKIM/DMARC record, keys lower-cased, values with whitespace removed. */
function tags(record: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of record.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim().toLowerCase(), noSpace(part.slice(i + 1)));
  }
  return out;
}

/** Our key in a DKIM record: v=DKIM1 (when given), k=rsa (when given), p= our SPKI, whitespace-tolerant. */
export function dkimMatches(record: string, publicKeyB64: string): boolean {
  const t = tags(record);
  if (t.has('v') && t.get('v') !== 'DKIM1') return false;
  if (t.has('k') && t.get('k')!.toLowerCase() !== 'rsa') return false;
  return t.get('p') === noSpace(publicKeyB64);
}

type Lookup<T> = { ok: true; value: T } | { ok: false };

async function lookup<T>(q: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { ok: true, value: await q() };
  } catch {
    return { ok: false };
  }
}

/**
 * The four checks of a sending domain through the resolver:
 * - DKIM: `<selector>._domainkey.<domain>` has a TXT with our public key (this alone verifies);
 * - SPF: the domain's one `v=spf1` record includes SPF_INCLUDE (expected: that record corrected);
 * - DMARC: `_dmarc.<domain>` has a `v=DMARC1` record (any policy);
 * - Return-Path: `bounces.<domain>` is a CNAME to BOUNCE_DOMAIN (then bounces use that host).
 * A lookup that fails (timeout, SERVFAIL) gives `dns_error`, not `missing`.
 */
export async function checkDomain(
  dns: DnsResolver,
  d: DomainToCheck,
  o: { bounceDomain: string; spfInclude: string },
  now: Date,
): Promise<Required<DnsChecks>> {
  const at = now.toISOString();
  const dnsError = (expected: string): DnsCheck => ({ ok: false, found: null, expected, problem: 'dns_error', checked_at: at });
  const [dkimTxt, rootTxt, dmarcTxt, rpCname] = await Promise.all([
    lookup(() => dns.txt(dkimName(d.dkimSelector, d.domain))),
    lookup(() => dns.txt(d.domain)),
    lookup(() => dns.txt(dmarcName(d.domain))),
    lookup(() => dns.cname(d.returnPathHost)),
  ]);

  const dkimExpected = dkimValue(d.dkimPublicKey);
  let dkim: DnsCheck;
  if (!dkimTxt.ok) dkim = dnsError(dkimExpected);
  else {
    const found = joined(dkimTxt.value);
    const ok = found.some((r) => dkimMatches(r, d.dkimPublicKey));
    dkim = {
      ok,
      found: found.length ? found.join(' | ') : null,
      expected: dkimExpected,
      ...(ok ? {} : { problem: found.length ? 'mismatch' : 'missing' }),
      checked_at: at,
    };
  }

  let spf: DnsCheck;
  if (!rootTxt.ok) spf = dnsError(spfExpected(null, o.spfInclude));
  else {
    const records = joined(rootTxt.value).filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
    const first = records[0] ?? null;
    const ok = records.length === 1 && spfIncludes(first!, o.spfInclude);
    spf = {
      ok,
      found: records.length ? records.join(' | ') : null,
      expected: spfExpected(first, o.spfInclude),
      ...(ok ? {} : { problem: records.length > 1 ? 'multiple' : records.length ? 'mismatch' : 'missing' }),
      checked_at: at,
    };
  }

  let dmarc: DnsCheck;
  if (!dmarcTxt.ok) dmarc = dnsError(dmarcValue(d.domain));
  else {
    const records = joined(dmarcTxt.value).filter((r) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(r.trim()));
    const ok = records.length === 1;
    dmarc = {
      ok,
      found: records.length ? records.join(' | ') : null,
      expected: records[0] ?? dmarcValue(d.domain),
      ...(ok ? {} : { problem: records.length > 1 ? 'multiple' : 'missing' }),
      checked_at: at,
    };
  }

  let returnPath: DnsCheck;
  if (!rpCname.ok) returnPath = dnsError(o.bounceDomain);
  else {
    const targets = rpCname.value.map((t) => t.toLowerCase().replace(/\.$/, ''));
    const ok = targets.includes(o.bounceDomain.toLowerCase());
    returnPath = {
      ok,
      found: targets.length ? targets.join(' | ') : null,
      expected: o.bounceDomain,
      ...(ok ? {} : { problem: targets.length ? 'mismatch' : 'missing' }),
      checked_at: at,
    };
  }

  return { dkim, spf, dmarc, return_path: returnPath };
}
