import type { Knex } from 'knex';
import * as Y from 'yjs';
import { CATEGORY_LABELS } from '../../../../shared/constants';
import { rooms } from '../../../../shared/events';
import type { RestoreResult, Version, VersionCompare, VersionKind, VersionList } from '../../../../shared/schemas/versions';
import { loadDocument, releaseDocName } from '../../collab/persistence';
import { UpdateRefused } from '../../collab/shared-doc';
import { CLOSE_REJECTED } from '../../../../shared/editor/collab-protocol';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { requireRelease } from '../organisations/access';
import { roleMay, type OrganisationAction } from '../../../../shared/organisation-roles';
import { formatSeqLabel, presentVersions } from './versions.presenter';
import { contentHash, contentOf, contentOfState, diffText, docFromState, restoreInto, wordDiff, type VersionContent, type VersionsDiff } from './versions.content';
import * as repo from './versions.repo';

/** An automatic version is made after this long without edits… */
export const AUTO_IDLE_MS = 45_000;
/** …or, while people keep typing, at most this long after the editing began. */
export const AUTO_MAX_MS = 5 * 60_000;
export const BEFORE_RESTORE_NAME = 'Πριν από την επαναφορά';

export interface VersionRelease {
  id: string;
  status: string;
  organisation_id: string;
}

const editable = (status: string) => status === 'draft' || status === 'scheduled';
const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** Where a release's co-editors listen: its organisation's room. */
export const releaseRoom = (r: Pick<VersionRelease, 'organisation_id'>) => rooms.organisation(r.organisation_id);

async function releaseRow(q: Knex | Knex.Transaction, id: string): Promise<VersionRelease | undefined> {
  return (await q('press_releases').where('id', id).first('id', 'status', 'organisation_id')) as VersionRelease | undefined;
}

export interface NewVersion {
  kind: VersionKind;
  name?: string | null;
  createdBy?: string | null;
  authors: string[];
  state: Uint8Array;
  restoredFrom?: string | null;
  undoVersionId?: string | null;
  /** An automatic version that would say what the previous one says is not made. */
  skipIfUnchanged?: boolean;
}

/**
 * Stores a version of a release (inside the caller's transaction): the whole encoded Yjs state,
 * who edited, and how many characters of title and text were inserted and deleted against the
 * previous version. Returns null when skipIfUnchanged found nothing new to keep.
 */
export async function createVersion(trx: Knex.Transaction, releaseId: string, v: NewVersion): Promise<repo.VersionRow | null> {
  await repo.lockVersions(trx, releaseId);
  const content = contentOfState(v.state);
  const hash = contentHash(content);
  const prev = await repo.latestVersion(trx, releaseId);
  if (v.skipIfUnchanged && prev?.content_hash === hash) return null;
  const before: Pick<VersionContent, 'title' | 'text'> = prev ? contentOfState(new Uint8Array(prev.doc_state)) : { title: '', text: '' };
  // Only the counts are kept: a tight budget on this thread, past which they are counted coarsely.
  const diff = prev?.content_hash === hash ? { added: 0, removed: 0 } : wordDiff(diffText(before), diffText(content), { timeoutMs: 50 });
  return repo.insertVersion(trx, {
    press_release_id: releaseId,
    kind: v.kind,
    name: v.name ?? null,
    title: content.title,
    content_hash: hash,
    author_ids: [...new Set(v.authors)],
    created_by: v.createdBy ?? null,
    chars_added: diff.added,
    chars_removed: diff.removed,
    restored_from: v.restoredFrom ?? null,
    undo_version_id: v.undoVersionId ?? null,
    doc_state: toBuffer(v.state),
  });
}

/** The document's state as Postgres holds it (what every process agrees on). */
async function storedState(trx: Knex.Transaction, releaseId: string): Promise<Uint8Array> {
  const { doc } = await loadDocument(trx, releaseDocName(releaseId));
  try {
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * A version of what Postgres holds now, crediting whoever edited since the last version (their
 * edit mark is taken). Used by named versions, sends and restores, inside their transactions.
 */
export async function versionFromStore(
  trx: Knex.Transaction,
  releaseId: string,
  v: Omit<NewVersion, 'state' | 'authors'> & { authors?: string[]; state?: Uint8Array },
): Promise<repo.VersionRow | null> {
  const mark = await repo.takeMark(trx, releaseId, { skipLocked: false });
  return createVersion(trx, releaseId, { ...v, authors: [...(mark?.author_ids ?? []), ...(v.authors ?? [])], state: v.state ?? (await storedState(trx, releaseId)) });
}

/** After commit: the release's co-editors refetch its versions. */
export function announceVersion(ctx: AppContext, release: Pick<VersionRelease, 'id' | 'organisation_id'>, v: repo.VersionRow): void {
  ctx.realtime.broadcast(releaseRoom(release), 'release:versions', { releaseId: release.id, versionId: v.id, kind: v.kind });
}

/**
 * The automatic versions: one per release whose editing paused for AUTO_IDLE_MS, or went on
 * for AUTO_MAX_MS since it began. Made from what Postgres holds, so they need no open editor,
 * and once even with several processes: the edit mark is taken under a row lock that the
 * others skip, and a version that would say what the previous one says is not made.
 */
export async function makeDueAutoVersions(ctx: AppContext, o: { idleMs?: number; maxMs?: number } = {}): Promise<number> {
  const idleMs = o.idleMs ?? AUTO_IDLE_MS;
  const maxMs = o.maxMs ?? AUTO_MAX_MS;
  let made = 0;
  for (const releaseId of await repo.dueMarks(ctx.db, idleMs, maxMs)) {
    const done = await ctx.db.transaction(async (trx) => {
      const mark = await repo.takeMark(trx, releaseId, { skipLocked: true });
      if (!mark) return null; // another process took it
      const release = await releaseRow(trx, releaseId);
      if (!release || !editable(release.status)) return null;
      const v = await createVersion(trx, releaseId, { kind: 'auto', authors: mark.author_ids, state: await storedState(trx, releaseId), skipIfUnchanged: true });
      return v ? { release, v } : null;
    });
    if (done) {
      made++;
      announceVersion(ctx, done.release, done.v);
    }
  }
  return made;
}

/** Registers the automatic versions (checked every few seconds) and the record of who edited. */
export function registerVersionJobs(ctx: AppContext): void {
  ctx.collab.onStored((trx, releaseId, authors) => repo.recordEdits(trx, releaseId, authors));
  let last = 0;
  ctx.jobs.onTick(async () => {
    if (Date.now() - last < 5_000) return;
    last = Date.now();
    const n = await makeDueAutoVersions(ctx);
    if (n) ctx.logger.debug({ versions: n }, 'versions: automatic versions made');
  });
}

/**
 * A release of the caller's organisation whose role may do `action` (reading the history, or
 * saving and restoring versions: 'write'), with whether the role writes; 404 outside it.
 */
async function accessible(ctx: AppContext, actor: Actor, releaseId: string, action: OrganisationAction): Promise<VersionRelease & { mayWrite: boolean }> {
  const { release, membership } = await requireRelease<VersionRelease>(ctx.db, actor, releaseId, action, ['status']);
  return { ...release, mayWrite: roleMay(membership.role, 'write') };
}

function readOnly(): HttpError {
  return new HttpError(409, 'read_only', 'Το δελτίο τύπου έχει σταλεί ή αρχειοθετηθεί· οι εκδόσεις του δεν επαναφέρονται.');
}

export async function listVersions(ctx: AppContext, actor: Actor, releaseId: string): Promise<VersionList> {
  const release = await accessible(ctx, actor, releaseId, 'read');
  const rows = await repo.listVersions(ctx.db, releaseId);
  // A reviewer reads the history; restoring is for the roles that write.
  return { versions: await presentVersions(ctx.db, rows), editable: editable(release.status) && release.mayWrite };
}

/** "Save version": a named version of what the editors see now (stored first). */
export async function saveNamedVersion(ctx: AppContext, actor: Actor, releaseId: string, name: string): Promise<Version> {
  const release = await accessible(ctx, actor, releaseId, 'write');
  if (editable(release.status)) await ctx.collab.flushRelease(releaseId);
  await repo.markWorkedOn(ctx.db, releaseId);
  const v = await ctx.db.transaction(async (trx) => {
    const created = (await versionFromStore(trx, releaseId, { kind: 'named', name, createdBy: actor.userId, authors: [actor.userId] }))!;
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: releaseId,
      action: 'press_release.version_saved',
      metadata: { versionId: created.id, seq: created.seq, name },
    });
    return created;
  });
  announceVersion(ctx, release, v);
  return (await presentVersions(ctx.db, [v]))[0]!;
}

interface Side {
  label: string;
  createdAt: string | null;
  content: VersionContent;
}

/** Two versions (or a version and the live text) side by side, word by word. */
export async function compareVersions(ctx: AppContext, actor: Actor, releaseId: string, a: string, b: string): Promise<VersionCompare> {
  const release = await accessible(ctx, actor, releaseId, 'read');
  const side = async (id: string): Promise<Side> => {
    if (id === 'current') {
      if (editable(release.status)) await ctx.collab.flushRelease(releaseId);
      const state = await ctx.db.transaction((trx) => storedState(trx, releaseId));
      return { label: 'Τρέχον κείμενο', createdAt: null, content: contentOfState(state) };
    }
    const v = await repo.findVersion(ctx.db, releaseId, id);
    if (!v) throw notFound('Version not found');
    return { label: formatSeqLabel(v), createdAt: new Date(v.created_at).toISOString(), content: contentOfState(new Uint8Array(v.doc_state)) };
  };
  const [left, right] = [await side(a), await side(b)];
  // Word by word on the CPU pool's thread (a long release's diff is tens of ms, its worst case bounded there).
  const { title, text } = await ctx.cpu.run<VersionsDiff>('versions.diff', { a: left.content, b: right.content });
  const shape = (s: Side, t: typeof title.a, x: typeof text.a) => ({
    label: s.label,
    createdAt: s.createdAt,
    title: t,
    text: x,
    category: s.content.category ? CATEGORY_LABELS[s.content.category] : null,
    mediaLists: s.content.mediaLists.map((c) => CATEGORY_LABELS[c]),
  });
  // Suggested changes that ended between the two sides (in either order; the current text is now).
  const times = [left.createdAt, right.createdAt].map((t) => (t ? new Date(t).getTime() : Infinity)).sort((x, y) => x - y);
  const steps = times[0] === Infinity ? [] : await repo.resolvedSuggestions(ctx.db, releaseId, new Date(times[0]!), times[1] === Infinity ? null : new Date(times[1]!));
  return {
    a: shape(left, title.a, text.a),
    b: shape(right, title.b, text.b),
    charsAdded: title.added + text.added,
    charsRemoved: title.removed + text.removed,
    review: steps.map((r) => ({
      suggestionId: r.id,
      kind: r.kind,
      excerpt: r.excerpt,
      author: r.author_id ? { id: r.author_id, name: r.author_name?.trim() || 'Χρήστης' } : null,
      decidedBy: r.resolved_by ? { id: r.resolved_by, name: r.resolved_by_name?.trim() || 'Χρήστης' } : null,
      outcome: r.outcome,
      at: new Date(r.resolved_at).toISOString(),
    })),
  };
}

/**
 * Restores a version into the live document as one change. The change is computed on the
 * server and applied through the path a co-editor's update takes (ctx.collab.applyChange:
 * checked, stored, relayed to every connection and process), so co-editors see it arrive.
 *
 * Nothing is lost: the state right before the change (taken from the very copy the change is
 * made on, so not even a keystroke that arrived a moment earlier is missed) is kept as a
 * version «Πριν από την επαναφορά» (or the latest version is reused when it says the same),
 * and the restore itself is a version that points at it (`undo_version_id`).
 *
 * Undo: the y-tiptap undo manager of each editor tracks only that editor's own transactions,
 * and a restore arrives in every editor as a remote update (on another process it arrives
 * through Redis, possibly before this request even answers), so no editor's Ctrl+Z can take
 * it back reliably. The undo is therefore explicit and the same for every co-editor:
 * «Αναίρεση επαναφοράς» restores `undo_version_id`, again as one change and again as a
 * version, which itself can be undone the same way.
 */
export async function restoreVersion(ctx: AppContext, actor: Actor, releaseId: string, versionId: string): Promise<RestoreResult> {
  const release = await accessible(ctx, actor, releaseId, 'write');
  if (!editable(release.status)) throw readOnly();
  const target = await repo.findVersion(ctx.db, releaseId, versionId);
  if (!target) throw notFound('Version not found');
  await repo.markWorkedOn(ctx.db, releaseId);
  // Every process holding the document stores what it has first: a process that opens the
  // document for this change then starts from everything its co-editors typed.
  await ctx.collab.flushRelease(releaseId);
  const source = docFromState(new Uint8Array(target.doc_state));
  const snap: { before?: Uint8Array } = {};
  try {
    await ctx.collab.applyChange(
      releaseId,
      (doc) => {
        snap.before = Y.encodeStateAsUpdate(doc);
        restoreInto(doc, source);
      },
      actor.userId,
    );
  } catch (err) {
    if (err instanceof UpdateRefused && err.code === CLOSE_REJECTED) {
      // The version holds what the editor no longer accepts (e.g. text stored before NUL was refused).
      throw new HttpError(422, 'version_not_restorable', 'Η έκδοση περιέχει στοιχεία που δεν γίνονται πλέον δεκτά και δεν μπορεί να επαναφερθεί.');
    }
    if (err instanceof UpdateRefused) throw readOnly();
    throw err;
  } finally {
    source.destroy();
  }
  const before = snap.before!;
  const made = await ctx.db.transaction(async (trx) => {
    const mark = await repo.takeMark(trx, releaseId, { skipLocked: false });
    await repo.lockVersions(trx, releaseId);
    const latest = await repo.latestVersion(trx, releaseId);
    // The state before the restore: the latest version when it says the same, else a new one.
    const reuse = latest !== undefined && latest.content_hash === contentHash(contentOfState(before));
    const prior: repo.VersionRow = reuse
      ? latest
      : (await createVersion(trx, releaseId, {
          kind: 'auto',
          name: BEFORE_RESTORE_NAME,
          authors: (mark?.author_ids ?? []).filter((id) => id !== actor.userId),
          state: before,
        }))!;
    const restored = (await createVersion(trx, releaseId, {
      kind: 'restore',
      createdBy: actor.userId,
      authors: [actor.userId],
      state: await storedState(trx, releaseId),
      restoredFrom: target.id,
      undoVersionId: prior.id,
    }))!;
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: releaseId,
      action: 'press_release.version_restored',
      metadata: { versionId: target.id, seq: target.seq, restoreVersionId: restored.id, beforeVersionId: prior.id },
    });
    return { prior, restored, createdPrior: !reuse };
  });
  if (made.createdPrior) announceVersion(ctx, release, made.prior);
  announceVersion(ctx, release, made.restored);
  const [b, r] = await presentVersions(ctx.db, [made.prior, made.restored]);
  return { before: b!, restored: r! };
}

/** The version a send is frozen with (inside the send's transaction), from what Postgres holds. */
export async function saveSendVersion(trx: Knex.Transaction, releaseId: string, senderId: string | null, state?: Uint8Array): Promise<repo.VersionRow> {
  return (await versionFromStore(trx, releaseId, { kind: 'send', createdBy: senderId, authors: senderId ? [senderId] : [], state }))!;
}

export { contentHash, contentOf };
