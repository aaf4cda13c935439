/**
 * Suggested changes live in the document as marks, and the document lives in Yjs: every mark
 * the suggestion library makes must come back unchanged from a Y round trip through y-tiptap
 * (prosemirrorJSONToYXmlFragment / updateYFragment → yXmlFragmentToProsemirrorJSON), or a
 * co-editor would receive suggested text as plain text. Node marks are the known exception
 * (y-tiptap 3.0.9 does not sync them): the last tests show the loss and the conversion the
 * client's suggesting hook must make.
 */
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMParser } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { prosemirrorJSONToYXmlFragment, updateYFragment, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import { applySuggestions, revertSuggestions, transformToSuggestionTransaction } from '@handlewithcare/prosemirror-suggest-changes';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CONTENT_FIELD, editorExtensions } from './extensions';
import { inlineSuggestionNodeMarks, SUGGESTION_ANCHOR, SUGGESTION_ID_PATTERN, suggestionAuthor } from './suggestion-marks';

const schema = getSchema(editorExtensions());
const USER = '0b7a6c1e-5d4f-4a3b-9c2d-1e0f9a8b7c6d';
const id = (n: string) => `${USER}:${n.padEnd(10, 'x')}`;
const text = (t: string, marks?: JSONContent['marks']): JSONContent => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const ins = (i: string) => ({ type: 'insertion', attrs: { id: id(i) } });
const del = (i: string) => ({ type: 'deletion', attrs: { id: id(i) } });
const p = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const docJson = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });

/** Through Yjs the way a first sync makes it (a fresh fragment), then read back. */
function viaFresh(json: JSONContent): JSONContent {
  const ydoc = new Y.Doc();
  prosemirrorJSONToYXmlFragment(schema, json, ydoc.getXmlFragment(CONTENT_FIELD));
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(ydoc));
  return yXmlFragmentToProsemirrorJSON(copy.getXmlFragment(CONTENT_FIELD)) as JSONContent;
}

/** Through Yjs the way an editor's transaction reaches it (updateYFragment over an existing text). */
function viaUpdate(before: JSONContent, after: JSONContent): JSONContent {
  const ydoc = new Y.Doc();
  prosemirrorJSONToYXmlFragment(schema, before, ydoc.getXmlFragment(CONTENT_FIELD));
  const remote = new Y.Doc();
  Y.applyUpdate(remote, Y.encodeStateAsUpdate(ydoc));
  ydoc.on('update', (u: Uint8Array) => Y.applyUpdate(remote, u));
  updateYFragment(ydoc, ydoc.getXmlFragment(CONTENT_FIELD), schema.nodeFromJSON(after), { mapping: new Map(), isOMark: new Map() });
  return yXmlFragmentToProsemirrorJSON(remote.getXmlFragment(CONTENT_FIELD)) as JSONContent;
}

const normal = (json: JSONContent) => schema.nodeFromJSON(json).toJSON() as JSONContent;

describe('suggestion marks in the editor schema', () => {
  it('are the three marks the library looks up by name, with an id', () => {
    expect(schema.marks.insertion?.spec.inclusive).toBe(false);
    expect(schema.marks.deletion?.spec.excludes).toContain('insertion');
    expect(schema.marks.modification).toBeDefined();
    // The parents of whole marked blocks allow them, so a node mark does not throw inside a step.
    for (const parent of ['doc', 'blockquote', 'listItem', 'bulletList', 'orderedList']) {
      expect(schema.nodes[parent]!.allowsMarkType(schema.marks.insertion!), parent).toBe(true);
    }
  });

  it('ids name their author', () => {
    expect(SUGGESTION_ID_PATTERN.test(id('abc123'))).toBe(true);
    expect(suggestionAuthor(id('abc123'))).toBe(USER);
    expect(suggestionAuthor('1')).toBeNull();
    expect(suggestionAuthor(`${USER}:x`)).toBeNull();
  });
});

describe('a Y round trip keeps every suggestion mark', () => {
  const cases: [string, JSONContent][] = [
    ['inline insertion and deletion on text, with formatting', docJson(p(text('Η εταιρεία '), text('ανακοινώνει', [del('a1')]), text('παρουσιάζει', [ins('a1')]), text(' σήμερα', [{ type: 'bold' }, ins('b2')]), text('.')))],
    ['a whole inserted paragraph, marked inline over its content', docJson(p(text('Πρώτη.')), p(text('Νέα παράγραφος ', [ins('c3')]), text('με έντονα', [{ type: 'bold' }, ins('c3')])), p(text('Τρίτη.')))],
    ['an empty inserted paragraph: a marked zero-width space', docJson(p(text('Πρώτη.')), p(text(SUGGESTION_ANCHOR, [ins('d4')])))],
    ['a deleted list item and quote', docJson({ type: 'bulletList', content: [{ type: 'listItem', content: [p(text('Σημείο', [del('e5')]))] }] }, { type: 'blockquote', content: [p(text('«Δήλωση»', [ins('f6')]))] })],
  ];
  for (const [name, json] of cases) {
    it(`${name}: fresh fragment`, () => {
      expect(normal(viaFresh(json))).toEqual(normal(json));
    });
    it(`${name}: an update over the plain text`, () => {
      expect(normal(viaUpdate(docJson(p(text('Η εταιρεία ανακοινώνει σήμερα.'))), json))).toEqual(normal(json));
    });
  }

  it('a suggestion the library makes from a typed replacement survives, and reverting it gives back the text', () => {
    const start = EditorState.create({ doc: schema.nodeFromJSON(docJson(p(text('Η εταιρεία ανακοινώνει σήμερα.')))) });
    const typed = start.tr.insertText('παρουσιάζει', 12, 23);
    const tracked = transformToSuggestionTransaction(typed, start, () => id('g7'));
    const after = start.apply(tracked).doc.toJSON() as JSONContent;
    expect(JSON.stringify(after)).toContain('"deletion"');
    expect(JSON.stringify(after)).toContain('"insertion"');
    const back = viaUpdate(start.doc.toJSON() as JSONContent, after);
    expect(normal(back)).toEqual(after);
    const reverted = EditorState.create({ doc: schema.nodeFromJSON(back) });
    let plain = reverted.doc;
    revertSuggestions(reverted, (tr) => (plain = tr.doc));
    expect(plain.textContent).toBe('Η εταιρεία ανακοινώνει σήμερα.');
  });
});

describe('node marks (not synced by y-tiptap 3.0.9): the client converts them to inline marks', () => {
  const withNodeMark = () => {
    const json = docJson(p(text('Πρώτη.')), { type: 'paragraph', marks: [ins('h8')], content: [text('Ολόκληρη νέα.')] }, { type: 'paragraph', marks: [ins('i9')] });
    return schema.nodeFromJSON(json);
  };

  it('a node mark is lost on the way through Yjs (the paragraph arrives unmarked)', () => {
    const back = viaFresh(withNodeMark().toJSON() as JSONContent);
    expect(JSON.stringify(back)).not.toContain('insertion');
  });

  it('converted to inline marks (zero-width spaces at the boundary and in the empty block) it survives, and reverts whole', () => {
    const state = EditorState.create({ doc: withNodeMark() });
    const converted = state.apply(inlineSuggestionNodeMarks(state.tr)).doc;
    const json = converted.toJSON() as JSONContent;
    expect(json.content!.map((b) => b.marks)).toEqual([undefined, undefined, undefined]);
    expect(json.content![0]!.content).toEqual([text('Πρώτη.'), text(SUGGESTION_ANCHOR, [ins('h8')])]);
    expect(json.content![1]!.content).toEqual([text('Ολόκληρη νέα.', [ins('h8')]), text(SUGGESTION_ANCHOR, [ins('i9')])]);
    expect(json.content![2]!.content).toEqual([text(SUGGESTION_ANCHOR, [ins('i9')])]);
    const back = viaFresh(json);
    expect(normal(back)).toEqual(normal(json));
    const s = EditorState.create({ doc: schema.nodeFromJSON(back) });
    let reverted = s.doc;
    revertSuggestions(s, (tr) => (reverted = tr.doc));
    expect(reverted.toJSON()).toEqual(docJson(p(text('Πρώτη.'))));
    let applied = s.doc;
    applySuggestions(s, (tr) => (applied = tr.doc));
    expect(applied.toJSON()).toEqual(docJson(p(text('Πρώτη.')), p(text('Ολόκληρη νέα.')), p()));
  });

  it('a deleted first paragraph takes its boundary from the next one, and accepting removes it whole', () => {
    const doc = schema.nodeFromJSON(docJson({ type: 'paragraph', marks: [del('j0')], content: [text('Παλιά.')] }, p(text('Μένει.'))));
    const state = EditorState.create({ doc });
    const converted = state.apply(inlineSuggestionNodeMarks(state.tr));
    let applied = converted.doc;
    applySuggestions(converted, (tr) => (applied = tr.doc));
    expect(applied.toJSON()).toEqual(docJson(p(text('Μένει.'))));
    let reverted = converted.doc;
    revertSuggestions(converted, (tr) => (reverted = tr.doc));
    expect(reverted.toJSON()).toEqual(docJson(p(text('Παλιά.')), p(text('Μένει.'))));
  });
});

describe('pasted HTML', () => {
  it('never becomes a suggestion: no parse rule makes a suggestion mark (no one pastes a suggestion in another’s name)', () => {
    const rules = DOMParser.fromSchema(schema).rules;
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.filter((r) => 'mark' in r && ['insertion', 'deletion', 'modification'].includes(String(r.mark)))).toEqual([]);
  });
});
