import webpush from 'web-push';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../logger';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** One resolution per database handle (routes and jobs of a process share it). */
const resolved = new WeakMap<object, Promise<VapidKeys | undefined>>();

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; unset, in development and tests the pair
 * stored in the database (generated on the first start, so the browsers' subscriptions survive a
 * restart); unset in production, none: push is off, said once in the log.
 */
export function vapidKeys(db: Knex, config: Pick<Config, 'webPush'>, logger: Pick<Logger, 'info' | 'warn'>): Promise<VapidKeys | undefined> {
  let keys = resolved.get(db);
  if (!keys) {
    keys = load(db, config, logger);
    // A database away at start: asked again next time.
    keys.catch(() => resolved.delete(db));
    resolved.set(db, keys);
  }
  return keys;
}

async function load(db: Knex, { webPush }: Pick<Config, 'webPush'>, logger: Pick<Logger, 'info' | 'warn'>): Promise<VapidKeys | undefined> {
  const subject = webPush.subject;
  if (webPush.keys) return { ...webPush.keys, subject };
  if (!webPush.generateKeys) {
    logger.warn('push: notifications to journalists are off (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn them on)');
    return undefined;
  }
  const fresh = webpush.generateVAPIDKeys();
  // Two processes starting at once keep the same pair: the first insert wins.
  await db('web_push_vapid_keys').insert({ id: 1, public_key: fresh.publicKey, private_key: fresh.privateKey }).onConflict('id').ignore();
  const row = (await db('web_push_vapid_keys').where('id', 1).first('public_key', 'private_key')) as { public_key: string; private_key: string };
  if (row.public_key === fresh.publicKey) logger.info('push: generated a development VAPID key pair (kept in web_push_vapid_keys)');
  return { publicKey: row.public_key, privateKey: row.private_key, subject };
}
