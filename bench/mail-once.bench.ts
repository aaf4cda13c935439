/**
 * Mail leaves once: how many recipients get an e-mail twice when the process
 * sending it is stopped (SIGTERM) or killed (SIGKILL) in the middle of a send.
 *
 * The real app (`node --import tsx server/src/main.ts`, as in production) sends an outbox of
 * RECIPIENTS e-mails through SMTP to a server in this script (which answers at once, like a
 * local relay); after SEND_AT e-mails have arrived (kill -9: a random point of the send) the
 * process is stopped or killed, then started again and left to finish. Reported per run:
 * the exit code and time of the stop, the rows leased at that instant (kill -9), and the
 * recipients who received the e-mail twice (with whether each pair shares its Message-ID).
 * After a kill -9 the dead process's leases are expired by the script (they lapse 15 s later).
 *
 *   DATABASE_URL=postgres://... npx tsx bench/mail-once.bench.ts
 *   RUNS=5 RECIPIENTS=203 DATABASE_URL=... npx tsx bench/mail-once.bench.ts
 *   KINDS=SIGKILL RUNS=10 ...                 (one kind only)
 *   APP_ROOT=/path/to/another/checkout ...   (the same measure of another version of the app)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDb, type TestDb } from '../server/src/test/db';
import { freePort } from '../server/src/test/free-port';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../server/src/test/smtp';

const ROOT = path.resolve(process.env.APP_ROOT ?? path.join(import.meta.dirname, '..'));
const RUNS = Number(process.env.RUNS ?? 3);
const RECIPIENTS = Number(process.env.RECIPIENTS ?? 503);
const SEND_AT = Number(process.env.SEND_AT ?? 100);
const KINDS = (process.env.KINDS ?? 'SIGTERM,SIGKILL').split(',');

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL (a Postgres the app processes and this script share).');
  process.exit(1);
}

async function app(db: TestDb, smtp: TestSmtp) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.databaseUrl!,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://deltio.example',
      // One domain for every recipient: the per-domain rate is not what this measures.
      MAIL_DEFAULT_DOMAIN_RATE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (const end = Date.now() + 120_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, exited };
    } catch {
      // not listening yet
    }
  }
  throw new Error('the app did not start');
}

const copies = (mails: ReceivedMail[], prefix: string) => {
  const by = new Map<string, ReceivedMail[]>();
  for (const m of mails) for (const to of m.to) if (to.startsWith(prefix)) by.set(to, [...(by.get(to) ?? []), m]);
  return by;
};

async function run(kind: 'SIGTERM' | 'SIGKILL', n: number) {
  const db = await createTestDb({ migrate: false }); // the app migrates it (its own migrations)
  const smtp = await startSmtp();
  try {
    const prefix = `r${n}-`;
    const a = await app(db, smtp);
    await db.db('mail_outbox').insert(
      Array.from({ length: RECIPIENTS }, (_, i) => ({ to_email: `${prefix}${i}@media.test`, subject: 'Δελτίο', html: '<p>Κείμενο</p>', text: 'Κείμενο' })),
    );
    const at = kind === 'SIGKILL' ? 10 + Math.floor(Math.random() * (RECIPIENTS - 20)) : SEND_AT;
    await smtp.waitUntil((m) => copies(m, prefix).size >= at, 120_000);
    const t0 = Date.now();
    a.child.kill(kind);
    const code = await a.exited;
    const took = Date.now() - t0;
    const leased = Number(
      ((await db.db('mail_outbox').where('status', 'sending').count({ n: '*' })) as { n: string }[])[0]!.n,
    );
    if (kind === 'SIGKILL') await db.db('mail_outbox').where('status', 'sending').update({ lease_until: db.db.raw("now() - interval '1 second'") });
    const b = await app(db, smtp);
    await smtp.waitUntil((m) => copies(m, prefix).size >= RECIPIENTS, 180_000);
    for (let end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      if (!(await db.db('mail_outbox').whereNot('status', 'sent').first())) break;
    }
    b.child.kill('SIGTERM');
    await b.exited;
    const twice = [...copies(smtp.mails, prefix).values()].filter((m) => m.length > 1);
    const sameId = twice.filter((m) => m.every((x) => x.headers['message-id'] && x.headers['message-id'] === m[0]!.headers['message-id'])).length;
    console.log(
      `${kind} after ${at} of ${RECIPIENTS}: exit ${code} in ${took} ms; leased at that instant ${leased}; ` +
        `received twice ${twice.length} (same Message-ID: ${sameId}); received ${smtp.mails.filter((m) => m.to[0]!.startsWith(prefix)).length} e-mails`,
    );
  } finally {
    await smtp.close();
    await db.destroy();
  }
}

console.log(`app: ${ROOT}, ${RUNS} runs of each, ${RECIPIENTS} recipients`);
if (KINDS.includes('SIGTERM')) for (let i = 0; i < RUNS; i++) await run('SIGTERM', i);
if (KINDS.includes('SIGKILL')) for (let i = 0; i < RUNS; i++) await run('SIGKILL', RUNS + i);
