import type { DnsResolver, OutboundFetch } from './modules/deliverability/dns';
import type { SenderIdentity } from './modules/deliverability/sender-identity';
import type { Clock } from './clock';
import type { CollabEndpoint } from './collab/upgrade';
import type { Config } from './config';
import type { AppEvents } from './events';
import type { Db } from './db/knex';
import type { JobQueue } from './jobs/queue';
import type { Readiness } from './health/readiness';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { AuthService } from './modules/auth/auth.service';
import type { RateLimiter } from './rate-limit/rate-limit';
import type { FileStorage } from './storage/file-storage';
import type { WorkerPool } from './workers/pool';
import type { Realtime } from './realtime/index';

/** Everything a module needs, built once per process in server.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
  /** The time of jobs, embargoes, trials, digests and scheduled sends (tests move theirs). */
  clock: Clock;
  mailer: Mailer;
  /** Durable scheduled work (scheduled sends, digests, housekeeping). */
  jobs: JobQueue;
  /** What modules publish after commit and others subscribe to (events.ts). */
  events: AppEvents;
  realtime: Realtime;
  auth: AuthService;
  /** The live documents of the release editor. */
  collab: CollabEndpoint;
  /** Rate limits shared by every process (rate_limits table). */
  limiter: RateLimiter;
  /** Attachments, in the data folder or the S3 bucket (S3_BUCKET): storage faults answered 507/503. */
  files: FileStorage;
  /** Organisation logos, in the same store. */
  logos: FileStorage;
  /** The probes /readyz reports (Redis, data folder, event loop …). */
  readiness: Readiness;
  /** Threads for CPU-heavy work (review, suggestions …): nothing a request sends holds the event loop. */
  cpu: WorkerPool;
  /** Signing key of access tokens. */
  tokenKey: Uint8Array;
  /** Sender identity, DNS and outbound HTTP of the deliverability module (tests inject DNS and fetch). */
  deliverability: { identity: SenderIdentity; dns: DnsResolver; fetch: OutboundFetch };
}
