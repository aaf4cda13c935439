import type { Response } from 'express';
import type { DataExportQuery } from '../../../../shared/schemas/data-rights';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { writeAudit } from '../audit/audit.service';
import { exportQueries } from './export.repo';
import { ZipStream, jsonArray } from './export.zip';

const README = `Deltio: αντίγραφο των δεδομένων σας
=====================================

Το αρχείο περιέχει τα προσωπικά σας δεδομένα όπως τα φυλάσσουμε, σε μορφή JSON
(δικαίωμα πρόσβασης και φορητότητας, άρθρα 15 και 20 του ΓΚΠΔ):

profile.json            ο λογαριασμός και το προφίλ σας
organisations.json      οι οργανισμοί όπου είστε μέλος και ο ρόλος σας
releases.json           τα δελτία τύπου που γράψατε (το κείμενο όπως αποθηκεύτηκε)
comments.json           τα σχόλιά σας στα κείμενα
notifications.json      οι ειδοποιήσεις σας
received-releases.json  τα δελτία που λάβατε (για δημοσιογράφους)
tracking.json           τα ανοίγματα και τα κλικ σας στα δελτία που λάβατε
consents.json           η συγκατάθεσή σας για τα cookies και η αποδοχή των όρων χρήσης
sessions.json           οι συνδέσεις σας (χωρίς κλειδιά ή κωδικούς)
erasure-requests.json   τα αιτήματα διαγραφής του λογαριασμού σας
files/                  τα αρχεία που ανεβάσατε (συνημμένα των δελτίων σας, λογότυπα)

Για ερωτήσεις: privacy@deltio.gr
`;

const json = (value: unknown) => [`${JSON.stringify(value ?? null, null, 2)}\n`];

/** A file name inside the archive: no folders, nothing a unzip tool could take for a path. */
function safeName(name: string): string {
  const base = name.replace(/[\\/]+/g, '_').replace(/^\.+/, '_').replace(/\p{Cc}/gu, '');
  return base.slice(0, 150) || 'file';
}

/**
 * The person's data as a ZIP streamed to the response. Rate-limited per account (429 before any
 * byte), recorded in the audit log, then written entry by entry; a storage fault on one file
 * skips that file (listed in files/missing.json) instead of breaking the archive.
 */
export async function streamDataExport(ctx: AppContext, actor: Actor, query: DataExportQuery, res: Response): Promise<void> {
  const { db, limiter, logger, clock } = ctx;
  await limiter.consume([limiter.limit('dataExportPerAccount', actor.userId)], 'Too many data exports; try again later');
  await db.transaction((trx) =>
    writeAudit(trx, logger, actor, { action: 'account.data_exported', entityType: 'user', entityId: actor.userId, metadata: { files: query.files } }),
  );
  const q = exportQueries(db, actor.userId);
  const day = clock.now().toISOString().slice(0, 10);
  res.status(200);
  res.setHeader('content-type', 'application/zip');
  res.setHeader('content-disposition', `attachment; filename="deltio-data-${day}.zip"`);
  res.setHeader('cache-control', 'no-store');
  res.flushHeaders();

  const zip = new ZipStream(res);
  try {
    await zip.text('README.txt', [README]);
    const user = (await q.user()) as Record<string, unknown> | undefined;
    const profile = (await q.profile()) as { terms_version?: string | null; terms_accepted_at?: Date | null } | undefined;
    await zip.text('profile.json', json({ exportedAt: clock.now().toISOString(), account: user, profile }));
    await zip.text('organisations.json', json((await q.organisations()) as unknown));
    await zip.text('releases.json', jsonArray(q.releases()));
    await zip.text('comments.json', jsonArray(q.comments()));
    await zip.text('notifications.json', jsonArray(q.notifications()));
    await zip.text('received-releases.json', jsonArray(q.received()));
    await zip.text('tracking.json', jsonArray(q.tracking()));
    const consent = (await q.cookieConsent()) as unknown;
    const terms = profile;
    await zip.text(
      'consents.json',
      json({ cookies: consent ?? null, terms: { version: terms?.terms_version ?? null, acceptedAt: terms?.terms_accepted_at ?? null } }),
    );
    await zip.text('sessions.json', json((await q.sessions()) as unknown));
    await zip.text('erasure-requests.json', json((await q.erasures()) as unknown));
    if (query.files === 'include') await addFiles(ctx, zip, q);
    if (!zip.aborted) await zip.end();
  } catch (err) {
    // Headers are gone: the only honest answer left is a cut connection (the download fails).
    logger.error({ err, userId: actor.userId }, 'data export failed while streaming');
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    return;
  }
  res.end();
}

async function addFiles(ctx: AppContext, zip: ZipStream, q: ReturnType<typeof exportQueries>): Promise<void> {
  const missing: { file: string; reason: string }[] = [];
  const attachments = await q.attachments();
  const used = new Set<string>();
  for (const a of attachments) {
    if (zip.aborted) return;
    let name = `files/attachments/${a.press_release_id}/${safeName(a.file_name)}`;
    if (used.has(name)) name = `files/attachments/${a.press_release_id}/${a.id.slice(0, 8)}-${safeName(a.file_name)}`;
    used.add(name);
    try {
      await zip.file(name, await ctx.files.open(a.storage_key));
    } catch (err) {
      missing.push({ file: name, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  for (const l of await q.logos()) {
    if (zip.aborted) return;
    const name = `files/logos/${safeName(l.file)}`;
    try {
      await zip.file(name, await ctx.logos.open(l.file));
    } catch (err) {
      missing.push({ file: name, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  if (missing.length) await zip.text('files/missing.json', json(missing));
}
