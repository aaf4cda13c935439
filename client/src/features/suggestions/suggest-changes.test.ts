import { getSchema } from '@tiptap/core';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import { enableSuggestChanges, suggestChanges, transformToSuggestionTransaction } from '@handlewithcare/prosemirror-suggest-changes';
import { describe, expect, it } from 'vitest';
import { CONTENT_FIELD, editorExtensions } from '@shared/editor/extensions';
import { inlineSuggestionNodeMarks, suggestionAuthor } from '@shared/editor/suggestion-marks';
import { newSuggestionId, ownSuggestionIds } from './suggest-engine';

const schema = getSchema(editorExtensions());
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function stateOf(json: unknown): EditorState {
  let state = EditorState.create({ schema, doc: schema.nodeFromJSON(json), plugins: [suggestChanges()] });
  enableSuggestChanges(state, (tr) => (state = state.apply(tr)));
  return state;
}

/** What the editor's dispatch hook does with a local edit by `user`. */
function suggest(state: EditorState, user: string, edit: (tr: Transaction) => void): EditorState {
  const tr = state.tr;
  edit(tr);
  return state.apply(ownSuggestionIds(inlineSuggestionNodeMarks(transformToSuggestionTransaction(tr, state, () => newSuggestionId(user))), user));
}

/** Every suggestion mark of the text: [kind, author, text]. */
function marks(state: EditorState): [string, string | null, string][] {
  const out: [string, string | null, string][] = [];
  state.doc.descendants((node) => {
    if (!node.isText) return true;
    for (const m of node.marks) if (m.type.name === 'insertion' || m.type.name === 'deletion') out.push([m.type.name, suggestionAuthor(m.attrs.id), node.text!]);
    return false;
  });
  return out;
}

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

describe('suggesting mode', () => {
  it('an insertion and a deletion carry an id of the writer’s own', () => {
    let s = stateOf(doc(para('Η εταιρεία ανακοινώνει.')));
    s = suggest(s, A, (tr) => tr.insertText(' σήμερα', 'Η εταιρεία ανακοινώνει'.length + 1));
    s = suggest(s, A, (tr) => tr.delete(1, 3));
    expect(marks(s)).toEqual([
      ['deletion', A, 'Η '],
      ['insertion', A, ' σήμερα'],
    ]);
    expect(s.doc.textContent).toBe('Η εταιρεία ανακοινώνει σήμερα.');
  });

  it('typing next to a colleague’s suggestion makes a suggestion of one’s own, and leaves hers as it was', () => {
    let s = stateOf(doc(para('Αύξηση πωλήσεων.')));
    const end = 'Αύξηση πωλήσεων'.length + 1;
    s = suggest(s, A, (tr) => tr.insertText(' 12%', end));
    s = suggest(s, B, (tr) => tr.insertText(' φέτος', end + ' 12%'.length));
    s = suggest(s, B, (tr) => tr.insertText('!', end + ' 12% φέτος'.length));
    expect(marks(s)).toEqual([
      ['insertion', A, ' 12%'],
      ['insertion', B, ' φέτος!'],
    ]);
  });

  it('a deletion beside a colleague’s deletion is one’s own', () => {
    let s = stateOf(doc(para('ένα δύο τρία')));
    s = suggest(s, A, (tr) => tr.delete(1, 5)); // "ένα "
    s = suggest(s, B, (tr) => tr.delete(5, 9)); // "δύο "
    expect(marks(s)).toEqual([
      ['deletion', A, 'ένα '],
      ['deletion', B, 'δύο '],
    ]);
  });

  it('making words bold is suggested too (the plain words deleted, the bold ones inserted)', () => {
    let s = stateOf(doc(para('Σημαντική ανακοίνωση.')));
    s = suggest(s, B, (tr) => tr.addMark(1, 11, schema.marks.bold!.create()));
    expect(marks(s)).toEqual([
      ['deletion', B, 'Σημαντική '],
      ['insertion', B, 'Σημαντική '],
    ]);
  });

  it('a new paragraph is suggested with inline marks that survive the Yjs round trip', () => {
    let s = stateOf(doc(para('Πρώτη παράγραφος.')));
    const end = s.doc.child(0).nodeSize - 1;
    s = suggest(s, A, (tr) => {
      tr.setSelection(TextSelection.create(tr.doc, end));
      tr.split(end);
      tr.insertText('Δεύτερη.', end + 2);
    });
    let nodeMarks = 0;
    s.doc.descendants((n) => void (nodeMarks += n.isText ? 0 : n.marks.length));
    expect(nodeMarks).toBe(0);
    expect(marks(s).every(([kind, who]) => kind === 'insertion' && who === A)).toBe(true);
    const y = prosemirrorJSONToYDoc(schema, s.doc.toJSON(), CONTENT_FIELD);
    expect(yXmlFragmentToProsemirrorJSON(y.getXmlFragment(CONTENT_FIELD))).toEqual(s.doc.toJSON());
  });
});
