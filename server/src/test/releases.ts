import type { Knex } from 'knex';
import { insertSentVersion, type FreezableRelease } from '../modules/releases/sent-versions.repo';

/**
 * Tests that insert releases as already sent (fixtures, not through the lifecycle) freeze
 * their sent versions with this, as the send would have: inboxes read the version.
 */
export async function freezeSentReleases(db: Knex): Promise<void> {
  const rows = (await db('press_releases as p')
    .where('p.status', 'sent')
    .whereNotExists((q) => {
      void q.select(1).from('release_sent_versions as v').whereRaw('v.press_release_id = p.id');
    })
    .select('p.*')) as FreezableRelease[];
  for (const r of rows) await insertSentVersion(db, r);
}
