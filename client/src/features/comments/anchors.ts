/**
 * Where a comment sits: two Yjs relative positions (start, end) into the title's Y.Text or the
 * text's Y.XmlFragment, encoded in base64 for the API. They follow the words through every
 * concurrent edit (Yjs resolves them by item ids). A position whose text was deleted resolves
 * to nothing here: the thread shows without a highlight, and the server marks it detached.
 */
import type { EditorState } from '@tiptap/pm/state';
import { absolutePositionToRelativePosition, relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { TITLE_FIELD } from '@shared/editor/doc-fields';

export interface Anchor {
  anchorStart: string;
  anchorEnd: string;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const encode = (p: Y.RelativePosition) => toBase64(Y.encodeRelativePosition(p));

function decode(text: string): Y.RelativePosition | null {
  try {
    return Y.decodeRelativePosition(fromBase64(text));
  } catch {
    return null;
  }
}

type Mapping = Map<Y.AbstractType<unknown>, unknown>;

function bindingOf(state: EditorState): { doc: Y.Doc; type: Y.XmlFragment; mapping: Mapping } | null {
  const sync = ySyncPluginKey.getState(state) as { doc?: Y.Doc; type?: Y.XmlFragment; binding?: { mapping: Mapping } } | undefined;
  if (!sync?.binding || !sync.doc || !sync.type) return null;
  return { doc: sync.doc, type: sync.type, mapping: sync.binding.mapping };
}

/** The selection of the text editor as an anchor (null for an empty selection or before the document is bound). */
export function contentAnchor(state: EditorState): (Anchor & { quote: string }) | null {
  const { from, to } = state.selection;
  const b = bindingOf(state);
  if (!b || from >= to) return null;
  const quote = state.doc.textBetween(from, to, ' ').trim();
  if (!quote) return null;
  return {
    anchorStart: encode(absolutePositionToRelativePosition(from, b.type, b.mapping as never) as Y.RelativePosition),
    anchorEnd: encode(absolutePositionToRelativePosition(to, b.type, b.mapping as never) as Y.RelativePosition),
    quote,
  };
}

/** A range of the title as an anchor: the start sticks to the first selected character, the end to the last. */
export function titleAnchor(title: Y.Text, from: number, to: number): (Anchor & { quote: string }) | null {
  if (from >= to) return null;
  const quote = title.toJSON().slice(from, to).trim();
  if (!quote) return null;
  return {
    anchorStart: encode(Y.createRelativePositionFromTypeIndex(title, from, 0)),
    anchorEnd: encode(Y.createRelativePositionFromTypeIndex(title, to, -1)),
    quote,
  };
}

/** Whether a Yjs type (or one of its parents) was deleted: a position inside it points at nothing. */
function deleted(type: Y.AbstractType<unknown>): boolean {
  for (let item = type._item; item; item = (item.parent as Y.AbstractType<unknown>)._item) {
    if (item.deleted) return true;
  }
  return false;
}

/** The anchor's range in the editor's current document, or null when its words are gone. */
export function resolveContent(state: EditorState, a: Anchor): { from: number; to: number } | null {
  const b = bindingOf(state);
  const start = decode(a.anchorStart);
  const end = decode(a.anchorEnd);
  if (!b || !start || !end) return null;
  for (const rel of [start, end]) {
    const abs = Y.createAbsolutePositionFromRelativePosition(rel, b.doc);
    if (!abs || deleted(abs.type)) return null;
  }
  const from = relativePositionToAbsolutePosition(b.doc, b.type, start, b.mapping as never);
  const to = relativePositionToAbsolutePosition(b.doc, b.type, end, b.mapping as never);
  if (from === null || to === null || from >= to || to > state.doc.content.size) return null;
  return { from, to };
}

/** The anchor's range in the title now, or null when its words are gone. */
export function resolveTitle(doc: Y.Doc, a: Anchor): { from: number; to: number } | null {
  const title = doc.getText(TITLE_FIELD);
  const start = decode(a.anchorStart);
  const end = decode(a.anchorEnd);
  if (!start || !end) return null;
  const s = Y.createAbsolutePositionFromRelativePosition(start, doc);
  const e = Y.createAbsolutePositionFromRelativePosition(end, doc);
  if (!s || !e || s.type !== title || e.type !== title || s.index >= e.index) return null;
  return { from: s.index, to: e.index };
}

