import type http from 'node:http';
import type { DnsResolver } from './dns';

/**
 * A resolver that answers only what it was told, for tests and the e2e server: no network.
 * Names are case-insensitive; an unknown name has no records.
 */
export class ManualDns implements DnsResolver {
  private readonly txts = new Map<string, string[][]>();
  private readonly cnames = new Map<string, string[]>();

  setTxt(name: string, records: (string | string[])[]): void {
    this.txts.set(name.toLowerCase(), records.map((r) => (Array.isArray(r) ? r : [r])));
  }

  setCname(name: string, targets: string[]): void {
    this.cnames.set(name.toLowerCase(), targets);
  }

  clear(): void {
    this.txts.clear();
    this.cnames.clear();
  }

  txt(name: string): Promise<string[][]> {
    return Promise.resolve(this.txts.get(name.toLowerCase()) ?? []);
  }

  cname(name: string): Promise<string[]> {
    return Promise.resolve(this.cnames.get(name.toLowerCase()) ?? []);
  }
}

export const TEST_DNS_FLAG = 'E2E_DNS';
/** The test-only address that sets the answers of a server started with E2E_DNS=manual. */
export const TEST_DNS_PATH = '/__test/dns';

/**
 * The resolver of a server process: undefined (the system's), unless E2E_DNS=manual outside
 * production (the e2e server, e2e/serve.ts), where it is a ManualDns the specs fill through
 * TEST_DNS_PATH. In production the flag is ignored: nobody can fake a production lookup.
 */
export function dnsFromEnv(env: Record<string, string | undefined>): ManualDns | undefined {
  if (env.NODE_ENV === 'production' || env[TEST_DNS_FLAG] !== 'manual') return undefined;
  return new ManualDns();
}

/**
 * The test-only route of a manual resolver, in front of the app: POST takes
 * `{ txt?: { [name]: (string | string[])[] }, cname?: { [name]: string[] }, clear?: true }` and
 * answers 204. Answers only TEST_DNS_PATH and returns whether it did; for any other resolver there
 * is no route at all.
 */
export function testDnsRoute(dns: DnsResolver): ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined {
  if (!(dns instanceof ManualDns)) return undefined;
  const answer = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  return (req, res) => {
    if (req.url?.split('?')[0] !== TEST_DNS_PATH) return false;
    if (req.method !== 'POST') {
      answer(res, 405, { error: 'POST' });
      return true;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: { txt?: unknown; cname?: unknown; clear?: unknown };
      try {
        body = JSON.parse(raw || '{}') as typeof body;
      } catch {
        return answer(res, 400, { error: 'JSON body expected' });
      }
      const isMap = (v: unknown): v is Record<string, unknown[]> =>
        typeof v === 'object' && v !== null && Object.values(v).every((x) => Array.isArray(x));
      if ((body.txt !== undefined && !isMap(body.txt)) || (body.cname !== undefined && !isMap(body.cname))) {
        return answer(res, 400, { error: '{ txt?: { name: records[] }, cname?: { name: targets[] }, clear?: true } expected' });
      }
      if (body.clear === true) dns.clear();
      for (const [name, records] of Object.entries(body.txt ?? {})) dns.setTxt(name, records.map((r) => (Array.isArray(r) ? r.map(String) : String(r))));
      for (const [name, targets] of Object.entries(body.cname ?? {})) dns.setCname(name, targets.map(String));
      answer(res, 204);
    });
    return true;
  };
}
