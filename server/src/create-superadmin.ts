/**
 * `npm run create-superadmin -- --email admin@example.gr [--name "Όνομα"]`
 * (in the image: `node dist/server/create-superadmin.js --email ...`).
 * The password is read from SUPERADMIN_PASSWORD, else asked for on the terminal (not echoed).
 * Creates the superadmin, or makes an existing account one with the new password.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/knex';
import { migrateLatest } from './db/migrate';
import { HttpError } from './http/errors';
import { createSuperadmin } from './modules/auth/superadmin';

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('Set SUPERADMIN_PASSWORD (no terminal to ask on).');
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  let muted = false;
  out._writeToOutput = (s: string) => {
    if (!muted) out.output.write(s);
  };
  const answer = await new Promise<string>((resolve) => {
    rl.question('Password: ', resolve);
    muted = true;
  });
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const email = values.email ?? process.env.SUPERADMIN_EMAIL;
  if (!email) {
    console.error('Usage: npm run create-superadmin -- --email <address> [--name <name>]  (password: SUPERADMIN_PASSWORD or prompt)');
    process.exit(2);
  }
  const config = loadConfig();
  const password = process.env.SUPERADMIN_PASSWORD || (await askPassword());
  const db = createDb(config);
  try {
    await migrateLatest(db);
    const { created } = await createSuperadmin(db, { email, password, name: values.name });
    console.log(
      `${created ? 'Created' : 'Updated'} superadmin ${email}. Sign in at ${config.publicUrl}${config.superadminLoginPath}`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof HttpError) console.error(`${err.message}${err.fields ? `: ${JSON.stringify(err.fields)}` : ''}`);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
