import { Mark, type AnyExtension } from '@tiptap/core';
import type { Mark as PMMark } from '@tiptap/pm/model';
import type { Transform } from '@tiptap/pm/transform';

/**
 * Suggested changes ("track changes") as marks of the editor schema, the representation of
 * @handlewithcare/prosemirror-suggest-changes (its src/schema.ts): an `insertion` or a
 * `deletion` over the suggested text, each with a suggestion `id`. The names must be exactly
 * these: the library finds the mark types by name (utils.ts getSuggestionMarks).
 *
 * Ids are `<author user id>:<random>` (SUGGESTION_ID_PATTERN); the server refuses other ids,
 * and a reviewer may only add ids of their own (collab/schema-check.ts).
 *
 * `modification` (a changed block type or attribute) is registered only because the library
 * needs the type to exist; it is refused in stored content in v1 (the block-type buttons are
 * off while suggesting).
 *
 * Node marks: the library marks whole inserted or deleted blocks with *node* marks, which
 * y-tiptap 3.0.9 does not sync (it writes and reads a node's attributes only). The client must
 * turn every suggestion node mark on a textblock into the same inline mark over its content (an
 * empty textblock gets a marked zero-width space, which the library deletes on apply/revert)
 * before the transaction reaches y-sync; see suggestion-marks.test.ts.
 */
export const SUGGESTION_MARK_NAMES = ['insertion', 'deletion', 'modification'] as const;
export type SuggestionMarkName = (typeof SUGGESTION_MARK_NAMES)[number];
export const SUGGESTION_MARKS = SUGGESTION_MARK_NAMES.join(' ');

/** `<author user id (uuid)>:<6-24 characters of [A-Za-z0-9_-]>` */
export const SUGGESTION_ID_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):[A-Za-z0-9_-]{6,24}$/;

/** The author a suggestion id names (its prefix), or null for an id of another form. */
export function suggestionAuthor(id: unknown): string | null {
  return typeof id === 'string' ? (SUGGESTION_ID_PATTERN.exec(id)?.[1] ?? null) : null;
}

/** The zero-width space the library puts, marked, where an empty block was inserted or deleted. */
export const SUGGESTION_ANCHOR = '\u200B';

const idAttribute = {
  id: { default: null, renderHTML: (attrs: Record<string, unknown>) => ({ 'data-id': JSON.stringify(attrs.id) }) },
};

/*
 * No parseHTML: the marks are never read from HTML. Pasted or dropped content (also a copy of
 * suggested text from this editor) arrives as plain text, so nobody pastes a suggestion in
 * someone else's name (the server would refuse the update and close the connection).
 */

export const Insertion = Mark.create({
  name: 'insertion',
  inclusive: false,
  excludes: 'deletion modification insertion',
  addAttributes: () => idAttribute,
  renderHTML: ({ HTMLAttributes }) => ['ins', HTMLAttributes, 0],
});

export const Deletion = Mark.create({
  name: 'deletion',
  inclusive: false,
  excludes: 'insertion modification deletion',
  addAttributes: () => idAttribute,
  renderHTML: ({ HTMLAttributes }) => ['del', HTMLAttributes, 0],
});

export const Modification = Mark.create({
  name: 'modification',
  inclusive: false,
  excludes: 'deletion insertion',
  addAttributes: () => ({
    ...idAttribute,
    type: { default: null, rendered: false },
    attrName: { default: null, rendered: false },
    previousValue: { default: null, rendered: false },
    newValue: { default: null, rendered: false },
  }),
  renderHTML: ({ HTMLAttributes }) => ['span', { ...HTMLAttributes, 'data-type': 'modification' }, 0],
});

/**
 * The nodes whose children the library may mark as a whole (node marks), and codeBlock (whose
 * text takes no marks at all otherwise): ProseMirror checks a child's marks against its
 * parent's allowed marks, and a refused one throws a RangeError from inside a step.
 */
const SUGGESTION_PARENTS = new Set(['doc', 'blockquote', 'listItem', 'bulletList', 'orderedList', 'codeBlock']);

/**
 * A kit extension (StarterKit) whose parent nodes also allow the suggestion marks. TipTap's
 * `extendNodeSchema` cannot do it (a node's own `marks`, even undefined, wins), so the kit's
 * nodes are extended where the kit makes them.
 */
export function allowSuggestionsIn<T extends AnyExtension>(kit: T): T {
  return kit.extend({
    addExtensions() {
      const parent = (this.parent?.() ?? []) as AnyExtension[];
      return parent.map((e) => (SUGGESTION_PARENTS.has(e.name) && e.type === 'node' ? e.extend({ marks: SUGGESTION_MARKS }) : e));
    },
  }) as T;
}

export function suggestionExtensions(): AnyExtension[] {
  return [Insertion, Deletion, Modification];
}

/**
 * The conversion the client's suggesting-mode hook must run on every suggestion transaction
 * before y-sync sees it (y-tiptap 3.0.9 does not sync node marks): each suggestion node mark is
 * removed and the same mark is put on the text of every textblock inside the node (a marked
 * zero-width space in an empty one), plus a marked zero-width space at the block boundary (the
 * end of the textblock before, or else the start of the one after), the way the library itself
 * marks a split. Reverting (or applying a deletion) then removes the whole block, as the node
 * mark would have. Returns the transaction.
 */
export function inlineSuggestionNodeMarks<T extends Transform>(tr: T): T {
  const names = new Set<string>(SUGGESTION_MARK_NAMES);
  const found: { pos: number; marks: PMMark[] }[] = [];
  tr.doc.descendants((node, pos) => {
    if (node.isInline) return false;
    const marks = node.marks.filter((m) => names.has(m.type.name));
    if (marks.length) found.push({ pos, marks });
    return true;
  });
  const start = tr.steps.length;
  const anchor = (marks: readonly PMMark[]) => tr.doc.type.schema.text(SUGGESTION_ANCHOR, marks);
  for (const f of found) {
    const pos = tr.mapping.slice(start).map(f.pos);
    for (const mark of f.marks) tr.removeNodeMark(pos, mark);
    const node = tr.doc.nodeAt(pos)!;
    const inside: number[] = [];
    if (node.isTextblock) inside.push(pos);
    else node.descendants((child, at) => (child.isTextblock ? (inside.push(pos + 1 + at), false) : true));
    for (const at of inside.reverse()) {
      const block = tr.doc.nodeAt(at)!;
      if (block.content.size === 0) tr.insert(at + 1, anchor(f.marks));
      else for (const mark of f.marks) tr.addMark(at + 1, at + 1 + block.content.size, mark);
    }
    // The boundary: the nearest textblock before the node (with nothing but block ends between), else the one after.
    const end = pos + tr.doc.nodeAt(pos)!.nodeSize;
    let before: number | null = null;
    let after: number | null = null;
    tr.doc.descendants((child, at) => {
      if (!child.isTextblock) return true;
      if (at + child.nodeSize <= pos) before = at + child.nodeSize - 1;
      else if (at >= end && after === null) after = at + 1;
      return false;
    });
    const clear = (from: number, to: number) => {
      let leaf = false;
      tr.doc.nodesBetween(from, to, (n) => {
        if (n.isLeaf) leaf = true;
      });
      return !leaf;
    };
    if (before !== null && clear(before, pos)) tr.insert(before, anchor(f.marks));
    else if (after !== null && clear(end, after)) tr.insert(after, anchor(f.marks));
  }
  return tr;
}
