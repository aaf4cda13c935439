import { promises as dns } from 'node:dns';

/** The DNS lookups the sending-domain checks make; tests inject a fake (no network). */
export interface DnsResolver {
  /** TXT records, each as its chunks (join them); [] when the name has none. */
  txt(name: string): Promise<string[][]>;
  /** CNAME targets; [] when there is none. */
  cname(name: string): Promise<string[]>;
}

const NOT_FOUND = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

function orEmpty<T>(p: Promise<T[]>): Promise<T[]> {
  return p.catch((err: NodeJS.ErrnoException) => {
    if (err.code && NOT_FOUND.has(err.code)) return [];
    throw err;
  });
}

/** The system's resolver, with a timeout per query. */
export function systemDns(timeoutMs = 5_000): DnsResolver {
  const r = new dns.Resolver({ timeout: timeoutMs, tries: 2 });
  return {
    txt: (name) => orEmpty(r.resolveTxt(name)),
    cname: (name) => orEmpty(r.resolveCname(name)),
  };
}

/** Outbound HTTP the webhooks need (an SNS certificate, a subscription confirmation); tests inject theirs. */
export type OutboundFetch = (url: string) => Promise<{ status: number; text(): Promise<string> }>;

export const systemFetch: OutboundFetch = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  return { status: res.status, text: () => res.text() };
};
