import crypto from 'node:crypto';
import type { Knex } from 'knex';
import * as Y from 'yjs';
import type { Category } from '../../../../shared/constants';
import { hasBoilerplateSection } from '../../../../shared/press-kit';
import { numberedSlug, RELEASE_SLUG_MAX, slugify } from '../../../../shared/slug';
import { loadDocument, releaseDocName } from '../../collab/persistence';
import type { FileStorage } from '../../storage/file-storage';

type Q = Knex | Knex.Transaction;

export interface SentAttachment {
  id: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string | null;
}

/** What was sent, frozen at the moment of sending. Everything a recipient sees reads this. */
export interface SentVersion {
  id: string;
  press_release_id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  media_list_categories: Category[];
  attachments: SentAttachment[];
  /** The organisation that sent it (its newsroom shows it). */
  organisation_id: string;
  /** Who pressed send (the audit trail), never the owner. */
  sender_user_id: string | null;
  sender_name: string;
  sender_logo_url: string | null;
  sent_at: Date;
  /** Journalists may publish it only after this instant (null: no embargo). */
  embargo_until: Date | null;
  /** Its stable address in the organisation's newsroom: /newsroom/<newsroom slug>/<slug>. */
  slug: string | null;
  /** The sender's «Σχετικά με» text and press contact, as they were when it was sent. */
  boilerplate: string | null;
  press_contact_name: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
}

const COLUMNS = [
  'id',
  'press_release_id',
  'title',
  'content',
  'content_text',
  'search_text',
  'category',
  'media_list_categories',
  'attachments',
  'organisation_id',
  'sender_user_id',
  'sender_name',
  'sender_logo_url',
  'sent_at',
  'embargo_until',
  'slug',
  'boilerplate',
  'press_contact_name',
  'press_contact_email',
  'press_contact_phone',
] as const;

export interface FreezableRelease {
  id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  media_list_categories: string[];
  /** Who wrote it (the UI and the audit trail only; null once that user is deleted). */
  author_id?: string | null;
  /** The organisation that owns it: the sender, its newsroom and its plan. */
  organisation_id: string;
  sent_at: Date | null;
  embargo_until?: Date | null;
}

/** What a sender adds to every release: the «Σχετικά με» text and the press contact. */
export interface PressKit {
  boilerplate: string | null;
  press_contact_name: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
}

/** The organisation as the sender of its releases, as it is now. */
export interface Sender {
  /** The organisation's id (never a user's). */
  id: string;
  name: string;
  logoUrl: string | null;
  pressKit: PressKit;
  /** Its newsroom's address (null until its first send gives it one). */
  newsroomSlug: string | null;
  newsroomEnabled: boolean;
}

/**
 * The sender of a release: the organisation that owns it, as it is now (name, logo, press kit,
 * newsroom). `lock`: its row is locked for the rest of the transaction as it is read.
 */
export async function currentSender(q: Q, r: { organisation_id: string }, lock = false): Promise<Sender> {
  const query = q('organisations').where('id', r.organisation_id);
  if (lock) void query.forUpdate();
  const o = (await query.first(
      'id',
      'name',
      'logo_url',
      'boilerplate',
      'press_contact_name',
      'press_contact_email',
      'press_contact_phone',
      'newsroom_slug',
      'newsroom_enabled',
    )) as
    | ({ id: string; name: string | null; logo_url: string | null; newsroom_slug: string | null; newsroom_enabled: boolean } & PressKit)
    | undefined;
  return {
    id: r.organisation_id,
    name: o?.name?.trim() || 'Deltio',
    logoUrl: o?.logo_url ?? null,
    pressKit: {
      boilerplate: o?.boilerplate ?? null,
      press_contact_name: o?.press_contact_name ?? null,
      press_contact_email: o?.press_contact_email ?? null,
      press_contact_phone: o?.press_contact_phone ?? null,
    },
    newsroomSlug: o?.newsroom_slug ?? null,
    newsroomEnabled: o?.newsroom_enabled ?? true,
  };
}

/**
 * A stable address for a release in its organisation's newsroom, from its title: unique among
 * the organisation's releases (…-2, …-3 for a repeated title). The caller has locked the
 * organisation's row (insertSentVersion, as it reads the sender), so two sends of one
 * organisation (by any of its members) never pick the same one.
 */
async function releaseSlug(trx: Q, organisationId: string, title: string): Promise<string> {
  const base = slugify(title, RELEASE_SLUG_MAX) || 'deltio-typou';
  const used = new Set(
    ((await trx('release_sent_versions')
      .where('organisation_id', organisationId)
      .andWhere((w) => void w.where('slug', base).orWhere('slug', 'like', `${base.slice(0, RELEASE_SLUG_MAX - 6)}%`))
      .select('slug')) as { slug: string }[]).map((r) => r.slug),
  );
  let n = 1;
  while (used.has(numberedSlug(base, n))) n++;
  return numberedSlug(base, n);
}

async function sha256Of(files: FileStorage, key: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of await files.open(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The live document as Postgres holds it, encoded once (a send stores it twice: in its sent version and its history version). */
export interface StoredDocState {
  state: Uint8Array;
  /** False: the release has no document (its state is then that of an empty one). */
  exists: boolean;
}

export async function storedDocState(q: Q, releaseId: string): Promise<StoredDocState> {
  const { doc, exists } = await loadDocument(q, releaseDocName(releaseId));
  try {
    return { state: Y.encodeStateAsUpdate(doc), exists };
  } finally {
    doc.destroy();
  }
}

/**
 * Freezes what is being sent (inside the send's transaction): the rendered release, its
 * attachments with their content hashes, the organisation's name, logo, «Σχετικά με» text and
 * press contact as they are now, its embargo, its newsroom address, the Yjs state of the
 * document, and the approval it went out under (when one was needed). The version belongs to
 * the release's organisation; `senderUserId` is who pressed send (null for a scheduled send
 * without one: the release's author is recorded then).
 */
export async function insertSentVersion(
  trx: Q,
  r: FreezableRelease,
  files?: FileStorage,
  approvalId: string | null = null,
  senderUserId: string | null = null,
  /** The document's stored state when the caller has already read it (else it is read here). */
  stored?: StoredDocState,
): Promise<SentVersion> {
  // Locked as it is read: the release's newsroom address is chosen below (releaseSlug).
  const sender = await currentSender(trx, r, true);
  const rows = (await trx('release_attachments')
    .where('press_release_id', r.id)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('id', 'file_name', 'mime_type', 'size_bytes', 'storage_key', 'sha256')) as {
    id: string;
    file_name: string;
    mime_type: string;
    size_bytes: number | string;
    storage_key: string;
    sha256: string | null;
  }[];
  const attachments: SentAttachment[] = [];
  for (const a of rows) {
    let sha256 = a.sha256;
    if (!sha256 && files) {
      sha256 = await sha256Of(files, a.storage_key).catch(() => null);
      if (sha256) await trx('release_attachments').where('id', a.id).update({ sha256 });
    }
    attachments.push({ id: a.id, fileName: a.file_name, mimeType: a.mime_type, sizeBytes: Number(a.size_bytes), sha256 });
  }
  const slug = await releaseSlug(trx, sender.id, r.title);
  const doc = stored ?? (await storedDocState(trx, r.id));
  const state = doc.exists ? Buffer.from(doc.state.buffer, doc.state.byteOffset, doc.state.byteLength) : null;
  const [row] = (await trx('release_sent_versions')
    .insert({
      press_release_id: r.id,
      title: r.title,
      content: r.content,
      content_text: r.content_text,
      search_text: r.search_text,
      category: r.category,
      media_list_categories: r.media_list_categories,
      attachments: JSON.stringify(attachments),
      organisation_id: r.organisation_id,
      sender_user_id: senderUserId ?? r.author_id ?? null,
      sender_name: sender.name,
      sender_logo_url: sender.logoUrl,
      ...sender.pressKit,
      // A release with its own «Σχετικά με …» section does not get the settings' one as well.
      boilerplate: hasBoilerplateSection(r.content_text) ? null : sender.pressKit.boilerplate,
      embargo_until: r.embargo_until ?? null,
      slug,
      doc_state: state,
      approval_id: approvalId,
      sent_at: r.sent_at ?? trx.fn.now(),
    })
    .returning(COLUMNS)) as SentVersion[];
  return row!;
}

export async function findSentVersion(q: Q, releaseId: string): Promise<SentVersion | undefined> {
  return (await q('release_sent_versions').where('press_release_id', releaseId).first(COLUMNS)) as SentVersion | undefined;
}
