import type { JSONContent } from '@tiptap/core';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import sanitizeHtml from 'sanitize-html';
import * as Y from 'yjs';
import { CONTENT_FIELD, editorExtensions } from '../../../shared/editor/extensions';
import { toSearchText } from '../../../shared/search-text';
import { SUGGESTION_MARK_NAMES } from '../../../shared/editor/suggestion-marks';
import { editorSchema } from './editor-schema';
import { pendingSuggestions, revertAll, type PendingSuggestion } from './suggestions';

const extensions = editorExtensions();
const schema = editorSchema;

/** Only what the editor can produce survives; links get safe attributes. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'em', 'b', 'i', 's', 'u', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeReleaseHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

export interface RenderedContent {
  html: string;
  text: string;
  json: JSONContent;
  /** The pending suggested changes (not part of html, text and json). */
  suggestions: PendingSuggestion[];
}

function textOf(node: JSONContent): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(textOf).join(node.type === 'doc' || node.type === 'bulletList' || node.type === 'orderedList' ? '\n' : '');
  const block = ['paragraph', 'heading', 'blockquote', 'listItem', 'codeBlock'].includes(node.type ?? '');
  return block ? `${inner}\n` : inner;
}

const SUGGESTION_NAMES = new Set<string>(SUGGESTION_MARK_NAMES);
const holdsSuggestions = (node: JSONContent): boolean =>
  (node.marks ?? []).some((m) => SUGGESTION_NAMES.has(m.type)) || (node.content ?? []).some(holdsSuggestions);

/**
 * Derives the HTML and plain text of a document from its Yjs state (read-only, never the
 * reverse). Pending suggested changes are not part of it: they are rejected first (insertions
 * dropped, deletions kept, anchors removed), so what is sent, mailed, published, exported and
 * hashed is the text as the writers left it; a suggestion counts once it is accepted.
 */
export function renderDoc(doc: Y.Doc): RenderedContent {
  let json = yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(CONTENT_FIELD)) as JSONContent;
  let suggestions: PendingSuggestion[] = [];
  if (json.content?.length && holdsSuggestions(json)) {
    const node = schema.nodeFromJSON(json);
    suggestions = pendingSuggestions(node);
    json = revertAll(node).toJSON() as JSONContent;
  }
  let html = '';
  if (json.content?.length) {
    html = renderToHTMLString({ extensions, content: json });
  }
  const text = textOf(json).replace(/\n{3,}/g, '\n\n').trim();
  return { html: sanitizeReleaseHtml(html), text, json, suggestions };
}

export function searchTextOf(title: string, text: string): string {
  return toSearchText(title, text);
}

/** Builds the Yjs state of a document from ProseMirror JSON (seeding a document once, on the server). */
export function docFromJson(json: JSONContent): Y.Doc {
  return prosemirrorJSONToYDoc(schema, json, CONTENT_FIELD);
}

/** ProseMirror JSON for plain paragraphs (a document seeded from stored text). */
export function paragraphsToJson(paragraphs: string[]): JSONContent {
  return {
    type: 'doc',
    content: paragraphs.filter((p) => p.trim()).map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
  };
}
