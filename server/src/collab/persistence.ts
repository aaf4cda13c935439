import type { Knex } from 'knex';
import * as Y from 'yjs';
import type { Db } from '../db/knex';

type Q = Knex | Knex.Transaction;

export const releaseDocName = (releaseId: string) => `release:${releaseId}`;

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
const isTransaction = (q: Q): q is Knex.Transaction => (q as Partial<Knex.Transaction>).isTransaction === true;

/** Creates the document row if missing (updates reference it). */
export async function ensureDocument(q: Q, name: string): Promise<void> {
  await q('yjs_documents').insert({ name }).onConflict('name').ignore();
}

/**
 * Loads a document: its snapshot plus every update stored since, applied in order.
 * Returns the Y.Doc and the id of the last update read.
 */
export async function loadDocument(q: Q, name: string): Promise<{ doc: Y.Doc; lastId: number; exists: boolean }> {
  const doc = new Y.Doc();
  // Snapshot and updates are read under a share lock on the document row: a compaction by
  // another process (which locks the row for update) cannot commit between the two reads.
  const read = async (trx: Q) => {
    const row = await trx('yjs_documents').where('name', name).forShare().first<{ snapshot: Buffer | null } | undefined>('snapshot');
    const updates = (await trx('yjs_updates').where('document_name', name).orderBy('id').select('id', 'update')) as { id: number | string; update: Buffer }[];
    return { row, updates };
  };
  // Inside a caller's transaction its share lock lasts to that transaction's end already: no
  // savepoint of its own (two round trips fewer, e.g. in a send).
  const { row, updates } = isTransaction(q) ? await read(q) : await q.transaction(read);
  if (row?.snapshot) Y.applyUpdate(doc, new Uint8Array(row.snapshot));
  let lastId = 0;
  for (const u of updates) {
    Y.applyUpdate(doc, new Uint8Array(u.update));
    lastId = Number(u.id);
  }
  return { doc, lastId, exists: Boolean(row) };
}

/** Appends updates durably (one row each, in one statement). */
export async function appendUpdates(q: Q, name: string, updates: Uint8Array[]): Promise<void> {
  if (!updates.length) return;
  await ensureDocument(q, name);
  await q('yjs_updates').insert(updates.map((u) => ({ document_name: name, update: toBuffer(u) })));
}

/** Replaces a document's whole state (used to seed a new document once, on the server). */
export async function writeSnapshot(q: Q, name: string, state: Uint8Array): Promise<void> {
  await q('yjs_documents')
    .insert({ name, snapshot: toBuffer(state) })
    .onConflict('name')
    .merge({ snapshot: toBuffer(state) });
}

/**
 * Seeds a new document's state unless another process seeded it first. Returns whether
 * this call wrote it (two processes opening a new release at once must not both seed).
 */
export async function seedSnapshot(q: Q, name: string, state: Uint8Array): Promise<boolean> {
  const rows = (await q('yjs_documents').insert({ name, snapshot: toBuffer(state) }).onConflict('name').ignore().returning('name')) as unknown[];
  return rows.length > 0;
}

/**
 * Compacts a document: merges the snapshot and the updates up to the newest one into a new
 * snapshot, and deletes exactly the rows merged (updates written meanwhile stay). Returns how
 * many update rows were merged.
 */
export async function compactDocument(db: Db, name: string): Promise<number> {
  return db.transaction(async (trx) => {
    const row = await trx('yjs_documents').where('name', name).forUpdate().first<{ snapshot: Buffer | null } | undefined>('snapshot');
    if (!row) return 0;
    const updates = (await trx('yjs_updates').where('document_name', name).orderBy('id').select('id', 'update')) as { id: number | string; update: Buffer }[];
    if (!updates.length) return 0;
    const parts = [...(row.snapshot ? [new Uint8Array(row.snapshot)] : []), ...updates.map((u) => new Uint8Array(u.update))];
    const merged = Y.mergeUpdates(parts);
    const ids = updates.map((u) => Number(u.id));
    await trx('yjs_documents').where('name', name).update({ snapshot: toBuffer(merged), snapshot_seq: Math.max(...ids) });
    // Exactly the rows merged: an update committed meanwhile (even with a lower id) stays.
    await trx('yjs_updates').whereIn('id', ids).delete();
    return ids.length;
  });
}

/**
 * Copies a document's state to another name (duplicating a release keeps its rich text),
 * letting the caller change the copy first (e.g. its title).
 */
export async function copyDocument(q: Q, from: string, to: string, edit?: (doc: Y.Doc) => void): Promise<boolean> {
  const { doc, exists } = await loadDocument(q, from);
  if (!exists) return false;
  edit?.(doc);
  await writeSnapshot(q, to, Y.encodeStateAsUpdate(doc));
  doc.destroy();
  return true;
}

/** Deletes a document and its updates (with the release it belongs to). */
export async function deleteDocument(q: Q, name: string): Promise<void> {
  await q('yjs_documents').where('name', name).delete();
}
