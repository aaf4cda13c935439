/**
 * What /readyz reports besides the database: each outside dependency or resource the process
 * relies on (Redis, the data folder, the event loop …) registers one probe here. A probe says
 * `ok`, `degraded` (the process still serves, with less: e.g. Redis down, live events stay
 * local) or `down` (the process cannot do its work: /readyz answers 503).
 */
export type ProbeState = 'ok' | 'degraded' | 'down';

export interface ProbeResult {
  state: ProbeState;
  /** A short machine-readable reason when not ok (e.g. `redis_unreachable`). */
  reason?: string;
  /** Figures worth showing (latency, delay percentiles …). */
  [detail: string]: unknown;
}

export type Probe = () => ProbeResult | Promise<ProbeResult>;

export class Readiness {
  private readonly probes = new Map<string, Probe>();

  /** Registers (or replaces) the probe called `name`; returns a function that removes it. */
  register(name: string, probe: Probe): () => void {
    this.probes.set(name, probe);
    return () => {
      if (this.probes.get(name) === probe) this.probes.delete(name);
    };
  }

  /** Runs every probe; a probe that throws counts as down. */
  async check(): Promise<{ state: ProbeState; checks: Record<string, ProbeResult> }> {
    const checks: Record<string, ProbeResult> = {};
    let state: ProbeState = 'ok';
    await Promise.all(
      [...this.probes].map(async ([name, probe]) => {
        let result: ProbeResult;
        try {
          result = await probe();
        } catch (err) {
          result = { state: 'down', reason: err instanceof Error ? err.message : String(err) };
        }
        checks[name] = result;
      }),
    );
    for (const r of Object.values(checks)) {
      if (r.state === 'down') state = 'down';
      else if (r.state === 'degraded' && state === 'ok') state = 'degraded';
    }
    return { state, checks };
  }
}
