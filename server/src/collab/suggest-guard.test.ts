/**
 * The update guard's suggestion rules, on the guard itself (collab-guard and the suggestions
 * module test the same through real connections). A reviewer (`suggest`) may only add or withdraw
 * suggestions of their own; a writer may edit freely but not add suggestions in someone else's name.
 */
import { revertSuggestion } from '@handlewithcare/prosemirror-suggest-changes';
import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seedFields, TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { edit, suggest, suggestionId, writeNode } from '../test/suggest';
import { docFromJson, paragraphsToJson, renderDoc } from './render';
import { SchemaViolation, UpdateGuard, type SuggestionRules } from './schema-check';
import { contentNode, pendingSuggestions } from './suggestions';

const REVIEWER = '11111111-2222-4333-8444-555555555555';
const WRITER = '66666666-7777-4888-8999-aaaaaaaaaaaa';
const TEXT = 'Η εταιρεία ανακοινώνει σήμερα.';
/** 'ανακοινώνει' in the first paragraph. */
const WORD: [number, number] = [12, 23];

function fixture() {
  const real = docFromJson(paragraphsToJson([TEXT, 'Δεύτερη παράγραφος.']));
  seedFields(real, { title: 'Τίτλος', category: null, mediaLists: [] });
  const guard = new UpdateGuard(real);
  /** Makes a change on a copy (a client) and offers its update to the guard; applied when accepted. */
  const offer = (rules: SuggestionRules | undefined, change: (d: Y.Doc) => void): void => {
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(real));
    const sv = Y.encodeStateVector(real);
    change(client);
    const update = Y.encodeStateAsUpdate(client, sv);
    client.destroy();
    guard.check(update, rules);
    Y.applyUpdate(real, update);
  };
  return { real, guard, offer };
}

const reviewer: SuggestionRules = { mode: 'suggest', userId: REVIEWER };
const writer: SuggestionRules = { mode: 'write', userId: WRITER };

describe('a reviewer (suggest mode)', () => {
  it('may suggest an insertion, a deletion and a replacement of their own', () => {
    const { real, offer } = fixture();
    offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText(' τώρα', 30)));
    offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.delete(2, 11)));
    offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText('παρουσιάζει', ...WORD)));
    expect(pendingSuggestions(contentNode(real)).map((s) => s.kind).sort()).toEqual(['deletion', 'insertion', 'replace']);
    // What is sent is still the text as the writers left it.
    expect(renderDoc(real).text).toBe(`${TEXT}\n\nΔεύτερη παράγραφος.`);
  });

  it('may suggest a new paragraph and withdraw their own suggestion', () => {
    const { real, offer } = fixture();
    let id = '';
    offer(reviewer, (d) => (id = suggest(d, REVIEWER, (tr) => tr.split(31).insertText('Νέα παράγραφος.'))));
    expect(pendingSuggestions(contentNode(real))).toHaveLength(1);
    offer(reviewer, (d) => {
      let out = contentNode(d);
      revertSuggestion(id)(EditorState.create({ doc: out }), (tr) => (out = tr.doc));
      writeNode(d, out);
    });
    expect(pendingSuggestions(contentNode(real))).toEqual([]);
  });

  const forgeries: [string, (d: Y.Doc, own: string) => void][] = [
    ['typing unmarked text', (d) => edit(d, (tr) => tr.insertText(' χωρίς σήμανση', 30))],
    ['deleting text outright', (d) => edit(d, (tr) => tr.delete(...WORD))],
    ['removing the insertion mark of their own suggestion (accepting it)', (d) => edit(d, (tr) => tr.removeMark(0, tr.doc.content.size, tr.doc.type.schema.marks.insertion))],
    ['deleting deletion-marked text (accepting a deletion)', (d) => edit(d, (tr) => tr.delete(2, 11))],
    ['suggesting with another author’s id', (d) => suggest(d, WRITER, (tr) => tr.insertText(' ξένο', tr.doc.content.size - 1))],
    ['suggesting with an id of another form', (d) => suggest(d, REVIEWER, (tr) => tr.insertText(' ξένο', tr.doc.content.size - 1), '42')],
    ['changing the title', (d) => d.getText(TITLE_FIELD).insert(0, 'Νέος ')],
  ];
  for (const [name, forge] of forgeries) {
    it(`is refused ${name}`, () => {
      const { real, offer } = fixture();
      // A pending insertion and deletion of their own first, for the forgeries to work on.
      offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText(' τώρα', 30)));
      offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.delete(2, 11)));
      const before = Y.encodeStateAsUpdate(real);
      expect(() => offer(reviewer, (d) => forge(d, ''))).toThrow(SchemaViolation);
      expect(Y.encodeStateAsUpdate(real)).toEqual(before);
      // The guard recovers: a proper suggestion still goes through.
      offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText('!', 1)));
    });
  }

  it("is refused changing or withdrawing another author's suggestion", () => {
    const { offer, real } = fixture();
    const theirs = suggestionId(WRITER);
    offer(writer, (d) => suggest(d, WRITER, (tr) => tr.insertText(' τώρα', 30), theirs));
    expect(() =>
      offer(reviewer, (d) => {
        let out = contentNode(d);
        revertSuggestion(theirs)(EditorState.create({ doc: out }), (tr) => (out = tr.doc));
        writeNode(d, out);
      }),
    ).toThrow(/another author/);
    // Deleting inside the writer's pending insertion removes part of it (the library deletes suggested text outright).
    expect(() => offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.delete(32, 34)))).toThrow(SchemaViolation);
    expect(pendingSuggestions(contentNode(real))).toHaveLength(1);
  });

  it('is checked against the document as it is after a peer’s update (the cache is dropped)', () => {
    const { real, guard, offer } = fixture();
    offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText(' τώρα', 30)));
    // A peer process accepted a writer's plain edit; the shadow follows it unchecked.
    const peer = new Y.Doc();
    Y.applyUpdate(peer, Y.encodeStateAsUpdate(real));
    const sv = Y.encodeStateVector(real);
    edit(peer, (tr) => tr.insertText('Σήμερα: ', 1));
    const update = Y.encodeStateAsUpdate(peer, sv);
    guard.follow(update);
    Y.applyUpdate(real, update);
    offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText('!', 1)));
    expect(() => offer(reviewer, (d) => edit(d, (tr) => tr.insertText('?', 1)))).toThrow(SchemaViolation);
  });
});

describe('a writer (write mode)', () => {
  it('edits freely, suggests in their own name and accepts suggestions, but may not suggest in another’s name', () => {
    const { real, offer } = fixture();
    offer(writer, (d) => edit(d, (tr) => tr.insertText(' Αθήνα.', 30)));
    offer(reviewer, (d) => suggest(d, REVIEWER, (tr) => tr.insertText('!', 1)));
    offer(writer, (d) => suggest(d, WRITER, (tr) => tr.delete(2, 11)));
    offer(writer, (d) => edit(d, (tr) => tr.removeMark(0, tr.doc.content.size, tr.doc.type.schema.marks.insertion)));
    expect(() => offer(writer, (d) => suggest(d, WRITER, (tr) => tr.insertText(' ξένο', tr.doc.content.size - 1), suggestionId(REVIEWER)))).toThrow(/own id/);
    expect(pendingSuggestions(contentNode(real)).map((s) => s.kind)).toEqual(['deletion']);
  });
});

describe('stored suggestion marks (any connection, and the server itself)', () => {
  it('refuses a modification mark and a malformed id', () => {
    const { offer } = fixture();
    expect(() => offer(undefined, (d) => suggest(d, REVIEWER, (tr) => tr.insertText('x', 1), 'not-an-id'))).toThrow(/suggestion id/);
    expect(() =>
      offer(undefined, (d) =>
        edit(d, (tr) => tr.addMark(1, 5, tr.doc.type.schema.marks.modification!.create({ id: suggestionId(REVIEWER), type: 'attr', attrName: 'level' }))),
      ),
    ).toThrow(/modification/);
    expect(CONTENT_FIELD).toBe('default');
  });
});
