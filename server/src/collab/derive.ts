import * as Y from 'yjs';
import { MAX_RELEASE_TEXT_CHARS, RENDER_ERRORS } from '../../../shared/editor/collab-protocol';
import { embargoOf, hasFields, readFields, type ReleaseFields } from '../../../shared/editor/doc-fields';
import type { Db } from '../db/knex';
import { renderDoc, searchTextOf, type RenderedContent } from './render';
import { BadTextViolation, checkDocument, checkStorableText, documentHoldsBadText } from './schema-check';
import { suggestionRows, type PendingSuggestion } from './suggestions';

/** Renders a document, or says in Greek why it cannot be. */
export function tryRender(doc: Y.Doc): { ok: true; content: RenderedContent } | { ok: false; reason: string } {
  try {
    if (documentHoldsBadText(doc)) checkStorableText(doc); // a cheap scan first; the walk names the field
    checkDocument(doc);
    const content = renderDoc(doc);
    if (content.text.length > MAX_RELEASE_TEXT_CHARS) return { ok: false, reason: RENDER_ERRORS.tooLong };
    return { ok: true, content };
  } catch (err) {
    return { ok: false, reason: err instanceof BadTextViolation ? err.reason : RENDER_ERRORS.invalid };
  }
}

/**
 * What a document says, ready for the release row (worked out on the render thread): the text
 * without pending suggestions, and the pending suggestions apart (absent: none, or not known).
 */
export type DerivedContent =
  | { ok: true; html: string; text: string; fields: ReleaseFields | null; suggestions?: PendingSuggestion[] }
  | { ok: false; reason: string };

export function deriveContent(doc: Y.Doc): DerivedContent {
  const rendered = tryRender(doc);
  if (!rendered.ok) return rendered;
  const { html, text, suggestions } = rendered.content;
  return { ok: true, html, text, fields: hasFields(doc) ? readFields(doc) : null, suggestions };
}

/** The same from a document's encoded state (what the render thread receives). */
export function deriveContentFromState(state: Uint8Array): DerivedContent {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, state);
    return deriveContent(doc);
  } catch {
    return { ok: false, reason: RENDER_ERRORS.invalid };
  } finally {
    doc.destroy();
  }
}

/**
 * Writes what the document says into the release row: sanitized HTML, plain text, search
 * text, and the title, category, media lists and embargo (when the document carries its fields).
 * Only a draft or scheduled release changes: what was sent is never rewritten. When the
 * document cannot be rendered the row keeps its last good content and records why
 * (`render_error`, which makes sending and scheduling refuse). Resolves with that reason,
 * or null when the row now says what the document says.
 */
export interface ReviewCount {
  organisationId: string;
  pendingSuggestions: number;
}

export async function deriveRelease(db: Db, releaseId: string, derived: DerivedContent, onReview?: (r: ReviewCount) => void): Promise<string | null> {
  const current = await db('press_releases').where('id', releaseId).first<
    | { title: string; status: string; edited_at: Date | null; render_error: string | null; organisation_id: string; pending_suggestions: number }
    | undefined
  >('title', 'status', 'edited_at', 'render_error', 'organisation_id', 'pending_suggestions');
  if (!current || (current.status !== 'draft' && current.status !== 'scheduled')) return null;
  const editable = () => db('press_releases').where('id', releaseId).whereIn('status', ['draft', 'scheduled']);
  if (!derived.ok) {
    if (current.render_error !== derived.reason) await editable().update({ render_error: derived.reason });
    return derived.reason;
  }
  const { html, text, fields } = derived;
  const suggestions = derived.suggestions ?? [];
  const update: Record<string, unknown> = { content: html, content_text: text, render_error: null, pending_suggestions: suggestions.length };
  let title = current.title;
  if (fields) {
    title = fields.title.slice(0, 300);
    update.title = title;
    update.category = fields.category;
    update.media_list_categories = fields.mediaLists;
    update.embargo_until = embargoOf(fields);
  }
  update.search_text = searchTextOf(title, text);
  // The first real edit: a title or text. A draft that never had one is an untouched empty draft.
  if (!current.edited_at && (title.trim() || text.trim())) update.edited_at = db.fn.now();
  try {
    await db.transaction(async (trx) => {
      await trx('press_releases').where('id', releaseId).whereIn('status', ['draft', 'scheduled']).update(update);
      await reconcileSuggestions(trx, releaseId, suggestions);
    });
  } catch (err) {
    // A value the database refuses (SQLSTATE class 22, data exception: a NUL, bad encoding, a
    // value too long) would fail on every later edit too: the row keeps its last good content
    // and says why, so the editors see "not saved" and a send refuses with the reason.
    if (!isDataException(err)) throw err;
    await editable().update({ render_error: RENDER_ERRORS.notStorable });
    return RENDER_ERRORS.notStorable;
  }
  if (onReview && current.pending_suggestions !== suggestions.length) {
    onReview({ organisationId: current.organisation_id, pendingSuggestions: suggestions.length });
  }
  return null;
}

/**
 * Keeps `release_suggestions` in step with the suggestions pending in the document: a new id
 * gets its row (an id that is back, after an undo, is open again); an open row whose id left
 * the document without a decision through the routes (which set their own outcome afterwards)
 * was withdrawn or edited away by its author or a writer: outcome `edited`.
 */
async function reconcileSuggestions(trx: Db | import('knex').Knex.Transaction, releaseId: string, pending: PendingSuggestion[]): Promise<void> {
  if (pending.length) {
    await trx('release_suggestions')
      .insert(await suggestionRows(trx, releaseId, pending))
      .onConflict(['press_release_id', 'id'])
      .merge({ kind: trx.raw('excluded.kind'), excerpt: trx.raw('excluded.excerpt'), resolved_at: null, resolved_by: null, outcome: null });
  }
  const open = trx('release_suggestions').where('press_release_id', releaseId).whereNull('resolved_at');
  if (pending.length) open.whereNotIn('id', pending.map((s) => s.id));
  await open.update({ resolved_at: trx.fn.now(), outcome: 'edited' });
}

function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}
