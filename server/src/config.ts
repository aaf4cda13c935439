import { hkdfSync } from 'node:crypto';
import net from 'node:net';
import { parseDomainRates } from './mail/domain-throttle';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: which proxies in front of the app may tell the client's address in
 * X-Forwarded-For (the per-address rate limits key on it). A hop count (`1`: one proxy, such
 * as the compose file's nginx, whose appended address is taken; anything a client wrote before
 * it is ignored), `false`/`none` (no proxy: the socket's address), or a comma-separated list of
 * addresses, CIDR ranges and Express's names `loopback`, `linklocal`, `uniquelocal`.
 */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isAddressOrRange(v: string): boolean {
  if (NAMED_RANGES.has(v)) return true;
  const [addr = '', bits, extra] = v.split('/');
  if (extra !== undefined) return false;
  const family = net.isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}
export type TrustProxy = number | false | string[];
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (/^(false|none|0)$/i.test(v)) return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
      return hops;
    }
    const list = v.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = list.filter((x) => !isAddressOrRange(x));
    if (!list.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count, false, or addresses/CIDR ranges/loopback/linklocal/uniquelocal (not: ${bad.join(', ') || v})`,
      });
    }
    return list;
  });

const DEV_JWT_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z
      .url()
      .refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) URL')
      .optional(),
    SUPERADMIN_LOGIN_PATH: z
      .string()
      .regex(/^\/[a-z0-9][a-z0-9/_-]{3,}$/i, 'must start with / and have at least 4 characters')
      .default('/sa-console-login'),
    JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().min(3).default('Deltio <no-reply@deltio.gr>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: bool.optional(),
    REQUIRE_EMAIL_CONFIRMATION: bool.default(false),
    AI_BASE_URL: z.url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    CLIENT_DEV: bool.default(false),
    SUPERADMIN_EMAIL: z.string().optional(),
    SUPERADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
    TRUST_PROXY: trustProxy.default(['loopback']),
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    // Deliverability (docs/deliverability.md)
    DKIM_KEY_ENCRYPTION_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
    PLATFORM_DKIM_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name').optional(),
    PLATFORM_DKIM_SELECTOR: z.string().regex(/^[a-z0-9-]+$/i, 'must be a DNS label').default('deltio'),
    PLATFORM_DKIM_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
    BOUNCE_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name').optional(),
    SPF_INCLUDE: z.string().regex(/^[a-z0-9._-]+\.[a-z]{2,}$/i, 'must be a domain name').optional(),
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
    FBL_ADDRESS: z.email().optional(),
    SES_TOPIC_ARNS: z.string().optional(),
    POSTMARK_WEBHOOK_USER: z.string().min(1).optional(),
    POSTMARK_WEBHOOK_PASSWORD: z.string().min(12, 'must have at least 12 characters').optional(),
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must have at least 16 characters').optional(),
    MAIL_DOMAIN_RATES: z
      .string()
      .regex(/^\s*[a-z0-9.-]+\s*=\s*\d+\s*(,\s*[a-z0-9.-]+\s*=\s*\d+\s*)*$/i, 'must be domain=messages per minute, comma-separated (gmail.com=300,otenet.gr=60)')
      .optional(),
    MAIL_DEFAULT_DOMAIN_RATE: z.coerce.number().int().min(1).max(100_000).default(120),
    SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
    SOFT_BOUNCE_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    // Metrics (docs/deploy.md, "Metrics")
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_TOKEN: z.string().min(24, 'must have at least 24 characters (e.g. openssl rand -hex 24)').optional(),
    // Object storage (docs/deploy.md): with S3_BUCKET, attachments and logos live in the bucket, not DATA_DIR.
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_DOWNLOADS: z.enum(['proxy', 'redirect']).default('proxy'),
    // Web Push to journalists (docs/deploy.md, "Push notifications"): the VAPID key pair, as `npx web-push generate-vapid-keys` prints it.
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 65, 'must be an uncompressed P-256 public key, 65 bytes in base64url')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 32, 'must be a P-256 private key, 32 bytes in base64url')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL (push services contact the sender through it)')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default credentials)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when NODE_ENV=production (the address used in every e-mail link and redirect)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys)',
      });
    }
    // The metrics port without a token only on a loopback address: never reachable unprotected.
    if (env.METRICS_PORT !== undefined && !env.METRICS_TOKEN && !isLoopback(env.METRICS_HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_HOST'],
        message: 'is not a loopback address: set METRICS_TOKEN too, or bind the metrics port to 127.0.0.1',
      });
    }
  });

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export type Env = z.infer<typeof envSchema>;

export interface S3Config {
  bucket: string;
  /** MinIO, R2 … (unset: AWS S3 of the region). */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default chain (environment, instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (MinIO, s3rver), not in the host name. */
  forcePathStyle: boolean;
  /** How attachments are downloaded: streamed through the app, or a redirect to a short-lived signed URL. */
  downloads: 'proxy' | 'redirect';
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Folder of the embedded database and stored files; ':memory:' keeps PGlite in memory. */
  dataDir: string;
  /**
   * The site's address, without a trailing slash: the only source of links in e-mails and
   * redirects (never a request header). PUBLIC_URL, else http://localhost:$PORT (with PORT=0,
   * the port actually bound, filled in by startServer).
   */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (false: the development default above). */
  publicUrlConfigured: boolean;
  superadminLoginPath: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  redisUrl: string | undefined;
  /** How long a Redis command may go unanswered before it fails and Redis counts as away. */
  redisCommandTimeoutMs: number;
  /** S3-compatible object storage for attachments and logos (S3_BUCKET set); else the data folder. */
  s3: S3Config | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  requireEmailConfirmation: boolean;
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** Serve the client through Vite in middleware mode with hot reload (`npm run dev`). */
  clientDev: boolean;
  /** Proxies trusted to pass the client's address in X-Forwarded-For (Express's `trust proxy`). */
  trustProxy: TrustProxy;
  /** Multiplies every rate limit (test rigs that sign up many accounts from one address); 1 by default. */
  rateLimitScale: number;
  /** First start: create this superadmin when there is none (SUPERADMIN_EMAIL + SUPERADMIN_PASSWORD). */
  firstSuperadmin: { email: string; password: string } | undefined;
  deliverability: DeliverabilityConfig;
  /**
   * The Prometheus endpoint, off (undefined) unless METRICS_PORT or METRICS_TOKEN is set: on
   * its own port (`port`, bound to `host`) and/or at /metrics on the main port (`token` set,
   * asked for as a bearer token on both).
   */
  metrics: { port: number | undefined; host: string; token: string | undefined } | undefined;
  webPush: WebPushConfig;
}

/**
 * Web Push to journalists. `keys` from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; unset, development and
 * tests generate a pair on the first start and keep it in the database (`generateKeys`), while
 * production runs with push off (logged at start).
 */
export interface WebPushConfig {
  keys: { publicKey: string; privateKey: string } | undefined;
  /** Whether a missing pair is generated and stored (not in production). */
  generateKeys: boolean;
  /** The VAPID `sub`: VAPID_SUBJECT, else mailto: the MAIL_FROM address. */
  subject: string;
}

export interface DeliverabilityConfig {
  /** Encrypts the organisations' DKIM keys at rest: DKIM_KEY_ENCRYPTION_KEY, else derived from JWT_SECRET. */
  keyEncryptionKey: { id: string; key: Buffer };
  /** The platform's own DKIM identity for mail without a verified sending domain (unset: unsigned). */
  platformDkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** Host of the VERP return paths (bounce+<token>@…): its MX is the inbound listener. */
  bounceDomain: string;
  /** What a sending domain's SPF record must include. */
  spfInclude: string;
  /** The inbound SMTP listener for DSNs and ARF reports (unset: off). */
  inboundSmtp: { port: number; host: string } | undefined;
  /** The feedback-loop address ARF reports are sent to (accepted by the listener besides VERP). */
  fblAddress: string | undefined;
  /** SNS topics whose subscription the SES webhook confirms. */
  sesTopicArns: string[];
  postmarkWebhook: { user: string; password: string } | undefined;
  mailgunSigningKey: string | undefined;
  /** Messages a minute per receiving domain (MAIL_DOMAIN_RATES over the built-in defaults), and for any other. */
  domainRates: Record<string, number>;
  defaultDomainRate: number;
  /** N soft bounces of distinct e-mails within the window suppress the address. */
  softBounceLimit: number;
  softBounceWindowDays: number;
}

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super(
      'Invalid configuration:\n' +
        issues.map((i) => `  - ${i.variable}: ${i.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** Parses the environment once. Throws ConfigError naming every invalid variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as unset, as shells and compose files often pass them.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        variable: String(i.path[0] ?? 'environment'),
        message: i.message,
      })),
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    superadminLoginPath: e.SUPERADMIN_LOGIN_PATH.replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          downloads: e.S3_DOWNLOADS,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    requireEmailConfirmation: e.REQUIRE_EMAIL_CONFIRMATION,
    ai: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL ?? 'gpt-4o-mini' }
      : undefined,
    clientDev: e.CLIENT_DEV,
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    firstSuperadmin:
      e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD ? { email: e.SUPERADMIN_EMAIL, password: e.SUPERADMIN_PASSWORD } : undefined,
    deliverability: deliverabilityConfig(e),
    metrics:
      e.METRICS_PORT !== undefined || e.METRICS_TOKEN
        ? { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN }
        : undefined,
    webPush: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      generateKeys: e.NODE_ENV !== 'production',
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>\s]+)>/.exec(e.MAIL_FROM)?.[1] ?? (/^\S+@\S+$/.test(e.MAIL_FROM.trim()) ? e.MAIL_FROM.trim() : 'no-reply@deltio.gr')}`,
    },
  };
}

function deliverabilityConfig(e: Env): DeliverabilityConfig {
  const fromDomain = (/@([^>\s]+)>?\s*$/.exec(e.MAIL_FROM)?.[1] ?? 'deltio.gr').toLowerCase();
  const keyEncryptionKey = e.DKIM_KEY_ENCRYPTION_KEY
    ? { id: 'env', key: Buffer.from(e.DKIM_KEY_ENCRYPTION_KEY, 'base64') }
    : { id: 'jwt', key: Buffer.from(hkdfSync('sha256', e.JWT_SECRET ?? DEV_JWT_SECRET, 'deltio', 'dkim-key-encryption', 32)) };
  return {
    keyEncryptionKey,
    platformDkim:
      e.PLATFORM_DKIM_DOMAIN && e.PLATFORM_DKIM_PRIVATE_KEY
        ? { domainName: e.PLATFORM_DKIM_DOMAIN.toLowerCase(), keySelector: e.PLATFORM_DKIM_SELECTOR, privateKey: e.PLATFORM_DKIM_PRIVATE_KEY }
        : undefined,
    bounceDomain: (e.BOUNCE_DOMAIN ?? `bounces.${fromDomain}`).toLowerCase(),
    spfInclude: (e.SPF_INCLUDE ?? `_spf.${fromDomain}`).toLowerCase(),
    inboundSmtp: e.INBOUND_SMTP_PORT !== undefined ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST } : undefined,
    fblAddress: e.FBL_ADDRESS?.toLowerCase(),
    sesTopicArns: (e.SES_TOPIC_ARNS ?? '').split(',').map((x) => x.trim()).filter(Boolean),
    postmarkWebhook:
      e.POSTMARK_WEBHOOK_USER && e.POSTMARK_WEBHOOK_PASSWORD ? { user: e.POSTMARK_WEBHOOK_USER, password: e.POSTMARK_WEBHOOK_PASSWORD } : undefined,
    mailgunSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
    domainRates: parseDomainRates(e.MAIL_DOMAIN_RATES),
    defaultDomainRate: e.MAIL_DEFAULT_DOMAIN_RATE,
    softBounceLimit: e.SOFT_BOUNCE_LIMIT,
    softBounceWindowDays: e.SOFT_BOUNCE_WINDOW_DAYS,
  };
}
