import * as Y from 'yjs';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../../shared/editor/extensions';
import type { CommentField } from '../../../../shared/schemas/review';

/**
 * A thread's anchor: two Yjs relative positions (Y.encodeRelativePosition), resolved against the
 * release's live document. They name characters by their Yjs ids, so they stay on their words
 * while text is typed before them; when the words (or their paragraph) are deleted they no
 * longer resolve, and the thread is "detached" (it keeps its quote).
 */

export type AnchorCheck = 'ok' | 'start' | 'end' | 'range';

interface Resolved {
  type: Y.AbstractType<unknown>;
  index: number;
}

/** The shared type a field's anchors must point into. */
function rootOf(doc: Y.Doc, field: CommentField): Y.AbstractType<unknown> {
  return field === 'title' ? (doc.getText(TITLE_FIELD) as Y.AbstractType<unknown>) : (doc.getXmlFragment(CONTENT_FIELD) as Y.AbstractType<unknown>);
}

export function decodeAnchor(b64: string): Uint8Array {
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

export function encodeAnchor(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/**
 * Where an encoded relative position points in `doc`, when that is inside the field's root (the
 * title's Y.Text itself; for the body, the fragment or a Y.XmlText/element inside it) in content
 * that is not deleted. Null otherwise (garbage, unknown ids, another field, deleted words).
 */
export function resolveAnchor(doc: Y.Doc, field: CommentField, encoded: Uint8Array): Resolved | null {
  const root = rootOf(doc, field);
  let abs: Y.AbsolutePosition | null;
  try {
    abs = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(encoded), doc);
  } catch {
    return null;
  }
  if (!abs) return null;
  if (field === 'title') return abs.type === root ? { type: abs.type, index: abs.index } : null;
  // Walk up from the position's type to the fragment; any deleted ancestor detaches it.
  let t: Y.AbstractType<unknown> | null = abs.type;
  while (t && t !== root) {
    const item: Y.Item | null = t._item;
    if (!item || item.deleted) return null;
    t = item.parent as Y.AbstractType<unknown> | null;
  }
  return t === root ? { type: abs.type, index: abs.index } : null;
}

/** Whether a thread's anchor still holds words: both ends resolve in the field, the start before the end. */
export function checkAnchor(doc: Y.Doc, field: CommentField, start: Uint8Array, end: Uint8Array): AnchorCheck {
  const a = resolveAnchor(doc, field, start);
  if (!a) return 'start';
  const b = resolveAnchor(doc, field, end);
  if (!b) return 'end';
  if (a.type === b.type && a.index >= b.index) return 'range';
  return 'ok';
}

export const isDetached = (doc: Y.Doc, field: CommentField, start: Uint8Array, end: Uint8Array) => checkAnchor(doc, field, start, end) !== 'ok';
