import { yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { CATEGORIES } from '../../../shared/constants';
import { RENDER_ERRORS } from '../../../shared/editor/collab-protocol';
import { holdsBadText, isBadText } from '../../../shared/storable-text';
import { MEDIA_LISTS_FIELD, META_FIELD, META_KEYS as META_FIELD_KEYS, TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { suggestionAuthor } from '../../../shared/editor/suggestion-marks';
import type { Node as PMNode } from '@tiptap/pm/model';
import { checkSuggestionMarks, contentNode, sameBase, suggestionsOf, SuggestionRuleError, type SuggestionParts } from './suggestions';

/** The editor's own schema: the same extension list as the client editor (shared/editor/). */
import { editorSchema as schema } from './editor-schema';

const META_KEYS = new Set<string>(META_FIELD_KEYS);
const CATEGORY_SET = new Set<unknown>(CATEGORIES);
/** The shared types a release document may hold, and nothing else. */
const ROOTS = new Set([CONTENT_FIELD, TITLE_FIELD, META_FIELD, MEDIA_LISTS_FIELD]);

export class SchemaViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaViolation';
  }
}

/** Text Postgres cannot store (NUL) or that is not Unicode (an unpaired surrogate). */
export class BadTextViolation extends SchemaViolation {
  constructor(readonly root: string) {
    super(`${root}: text must not contain NUL or unpaired surrogates`);
    this.name = 'BadTextViolation';
  }

  /** Why the document cannot be stored, in Greek, for the editors. */
  get reason(): string {
    return this.root === TITLE_FIELD ? RENDER_ERRORS.badTitle : RENDER_ERRORS.badText;
  }
}

/**
 * Every string of the document that can reach Postgres (the title, the rich text with its
 * attributes and link addresses, the fields of `meta`, the media-list keys) is storable
 * text. Throws BadTextViolation naming the first root type that is not.
 */
export function checkStorableText(doc: Y.Doc): void {
  const title = doc.share.has(TITLE_FIELD) ? doc.getText(TITLE_FIELD).toJSON() : '';
  if (isBadText(title)) throw new BadTextViolation(TITLE_FIELD);
  if (doc.share.has(CONTENT_FIELD) && holdsBadText(yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(CONTENT_FIELD)))) {
    throw new BadTextViolation(CONTENT_FIELD);
  }
  for (const field of [META_FIELD, MEDIA_LISTS_FIELD]) {
    if (doc.share.has(field) && holdsBadText(doc.getMap(field).toJSON())) throw new BadTextViolation(field);
  }
}

/** The strings an item of the document brings: its key in a map or attribute set, and its content. */
function itemHoldsBadText(item: Y.Item): boolean {
  if (item.parentSub !== null && isBadText(item.parentSub)) return true;
  const c = item.content;
  if (c instanceof Y.ContentString) return isBadText(c.str);
  if (c instanceof Y.ContentFormat) return isBadText(c.key) || holdsBadText(c.value);
  if (c instanceof Y.ContentAny) return holdsBadText(c.arr);
  if (c instanceof Y.ContentEmbed) return holdsBadText(c.embed);
  if (c instanceof Y.ContentJSON) return holdsBadText(c.arr);
  if (c instanceof Y.ContentType) {
    const type = c.type;
    if (type instanceof Y.XmlElement) return isBadText(type.nodeName);
    if (type instanceof Y.XmlHook) return isBadText(type.hookName);
  }
  return false;
}

/**
 * Whether an update brings text that is not storable. Only what the update itself carries is
 * looked at (also items still waiting for the ones they follow), so a document holding such
 * text from before this check can still be edited and fixed.
 */
function updateHoldsBadText(update: Uint8Array): boolean {
  return Y.decodeUpdate(update).structs.some((s) => s instanceof Y.Item && itemHoldsBadText(s));
}

/** Whether any live item of a document holds text that is not storable (a cheap scan of its items). */
export function documentHoldsBadText(doc: Y.Doc): boolean {
  for (const structs of doc.store.clients.values()) {
    for (const s of structs) if (s instanceof Y.Item && !s.deleted && itemHoldsBadText(s)) return true;
  }
  return false;
}

/**
 * The rich text: exactly what the editor's ProseMirror schema accepts (nodes, marks, attributes,
 * nesting), and suggestion marks only as v1 stores them (checkSuggestionMarks). Returns the
 * checked node (null for a new, empty document).
 */
function checkedContent(doc: Y.Doc): PMNode | null {
  const fragment = doc.getXmlFragment(CONTENT_FIELD);
  if (fragment.length === 0) return null; // a new, empty document
  const json = yXmlFragmentToProsemirrorJSON(fragment) as JsonNode;
  checkAttributes(json);
  try {
    checkSuggestionMarks(json);
    const node = schema.nodeFromJSON(json);
    node.check();
    return node;
  } catch (err) {
    throw new SchemaViolation(err instanceof SuggestionRuleError ? err.message : `content: ${(err as Error).message}`);
  }
}

function checkContent(doc: Y.Doc): void {
  checkedContent(doc);
}

interface JsonNode {
  type?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: JsonNode[];
}

/** ProseMirror drops attributes it does not know; here they are refused instead. */
function checkAttributes(node: JsonNode): void {
  const type = node.type ? schema.nodes[node.type] : undefined;
  if (type && node.attrs) {
    for (const key of Object.keys(node.attrs)) if (!(key in (type.spec.attrs ?? {}))) throw new SchemaViolation(`content: unknown attribute ${key} on ${node.type}`);
  }
  for (const m of node.marks ?? []) {
    const mark = schema.marks[m.type];
    if (!mark) throw new SchemaViolation(`content: unknown mark ${m.type}`);
    for (const key of Object.keys(m.attrs ?? {})) if (!(key in (mark.spec.attrs ?? {}))) throw new SchemaViolation(`content: unknown attribute ${key} on ${m.type}`);
  }
  for (const child of node.content ?? []) checkAttributes(child);
}

function checkTitle(doc: Y.Doc): void {
  for (const op of doc.getText(TITLE_FIELD).toDelta() as { insert: unknown; attributes?: unknown }[]) {
    if (typeof op.insert !== 'string') throw new SchemaViolation('title: only text is allowed');
    if (op.attributes) throw new SchemaViolation('title: no formatting is allowed');
  }
}

function checkMeta(doc: Y.Doc): void {
  for (const [key, value] of doc.getMap(META_FIELD).entries()) {
    if (!META_KEYS.has(key)) throw new SchemaViolation(`meta: unknown field ${key}`);
    if (key === 'category') {
      if (value !== null && !CATEGORY_SET.has(value)) throw new SchemaViolation('meta: category is not valid');
    } else if (typeof value !== 'string' || value.length > 20) {
      throw new SchemaViolation(`meta: ${key} must be a short string`);
    }
  }
}

function checkMediaLists(doc: Y.Doc): void {
  for (const [key, value] of doc.getMap(MEDIA_LISTS_FIELD).entries()) {
    if (!CATEGORY_SET.has(key) || typeof value !== 'boolean') throw new SchemaViolation(`mediaLists: ${key} is not valid`);
  }
}

const CHECKS: Record<string, (doc: Y.Doc) => void> = {
  [CONTENT_FIELD]: checkContent,
  [TITLE_FIELD]: checkTitle,
  [META_FIELD]: checkMeta,
  [MEDIA_LISTS_FIELD]: checkMediaLists,
};

/** Throws SchemaViolation when the document holds anything the editor cannot. */
export function checkDocument(doc: Y.Doc, roots: Iterable<string> = doc.share.keys()): void {
  for (const name of doc.share.keys()) if (!ROOTS.has(name)) throw new SchemaViolation(`unknown shared type ${name}`);
  for (const name of roots) CHECKS[name]?.(doc);
}

/**
 * What a connection may do with suggestions (upgrade.ts connection modes): `write` may edit
 * freely but only add suggestions of its own (no impersonation); `suggest` (a reviewer) may only
 * add or withdraw suggestions of its own (checkSuggestOnly).
 */
export interface SuggestionRules {
  mode: 'write' | 'suggest';
  userId: string;
}

/** What the guard knows of the real document's rich text between checks (dropped when it cannot know). */
interface ContentCache {
  node: PMNode;
  suggestions?: Map<string, SuggestionParts>;
}

const suggestionsIn = (c: ContentCache) => (c.suggestions ??= suggestionsOf(c.node));

/** Every suggestion id the update adds names `userId` as its author. */
function checkOwnNewIds(before: ContentCache, after: ContentCache, userId: string): void {
  const had = suggestionsIn(before);
  for (const id of suggestionsIn(after).keys()) {
    if (!had.has(id) && suggestionAuthor(id) !== userId) throw new SchemaViolation('suggestion: a new suggestion must carry your own id');
  }
}

/**
 * A reviewer's update (mode `suggest`): (i) only the rich text changes; (ii) the base invariant:
 * the text without its pending suggestions is the same before and after, so text typed without
 * a mark, an insertion mark removed (an acceptance) or deletion-marked text removed is refused;
 * (iii) new ids are the reviewer's own; (iv) every suggestion of another author, as (id, kind,
 * text), is unchanged. So a reviewer can only add or withdraw their own suggestions.
 */
function checkSuggestOnly(before: ContentCache, after: ContentCache, userId: string): void {
  if (!sameBase(before.node, after.node)) throw new SchemaViolation('suggestion: only suggested changes are allowed (the text itself changed)');
  checkOwnNewIds(before, after, userId);
  const was = suggestionsIn(before);
  const now = suggestionsIn(after);
  const same = (a?: SuggestionParts, b?: SuggestionParts) => !!a && !!b && a.insertion === b.insertion && a.deletion === b.deletion && a.modification === b.modification;
  for (const [id, s] of was) if (suggestionAuthor(id) !== userId && !same(s, now.get(id))) throw new SchemaViolation("suggestion: another author's suggestion changed");
  for (const id of now.keys()) if (suggestionAuthor(id) !== userId && !was.has(id)) throw new SchemaViolation("suggestion: another author's suggestion changed");
}

/** The root type an event's target belongs to. */
function rootName(type: Y.AbstractType<any>): string | null { // eslint-disable-line @typescript-eslint/no-explicit-any
  let t = type;
  while (t._item) t = t._item.parent as typeof t;
  for (const [name, root] of t.doc?.share ?? []) if (root === t) return name;
  return null;
}

/**
 * Checks incoming updates before they reach a shared document. It keeps a shadow copy of
 * the document: an update is applied to the shadow first and the root types it touched are
 * checked against the editor schema; only an update that passes may be applied to the
 * real document. A refused update leaves the shadow poisoned, so it is rebuilt from the
 * real document (a rare path). The shadow receives exactly what the real document
 * receives, in the same order, so the two stay identical.
 */
export class UpdateGuard {
  private shadow: Y.Doc;
  private touched = new Set<string>();
  /** The real document's rich text as of the last check (null: worked out again when needed). */
  private cache: ContentCache | null = null;

  constructor(private readonly source: Y.Doc) {
    this.shadow = this.clone();
  }

  private clone(): Y.Doc {
    const d = new Y.Doc({ gc: this.source.gc });
    Y.applyUpdate(d, Y.encodeStateAsUpdate(this.source));
    d.on('afterTransaction', (tr: Y.Transaction) => {
      for (const type of tr.changedParentTypes.keys()) {
        const name = rootName(type);
        if (name) this.touched.add(name);
      }
      for (const type of tr.changed.keys()) {
        const name = rootName(type);
        if (name) this.touched.add(name);
      }
    });
    return d;
  }

  /**
   * Throws SchemaViolation (or the decoder's error) when the update must not be applied.
   * `rules`: the connection's suggestion rules (none for a change the server makes itself).
   */
  check(update: Uint8Array, rules?: SuggestionRules): void {
    this.touched.clear();
    const before = new Set(this.shadow.share.keys());
    try {
      Y.applyUpdate(this.shadow, update); // a malformed update throws here (not a SchemaViolation)
    } catch (err) {
      this.rebuild();
      throw err;
    }
    try {
      for (const name of this.shadow.share.keys()) if (!before.has(name)) this.touched.add(name);
      if (updateHoldsBadText(update)) throw new BadTextViolation([...this.touched].join(', ') || 'update');
      if (rules?.mode === 'suggest') {
        const other = [...this.touched].filter((name) => name !== CONTENT_FIELD);
        if (other.length) throw new SchemaViolation(`suggestion: only the text may change, not ${other.join(', ')}`);
      }
      const content = this.touched.has(CONTENT_FIELD);
      checkDocument(this.shadow, [...this.touched].filter((name) => name !== CONTENT_FIELD));
      if (content) {
        const node = checkedContent(this.shadow);
        if (rules) {
          // The real document has not received the update yet: it is the state before it.
          const was = (this.cache ??= { node: contentNode(this.source) });
          const now: ContentCache = { node: node ?? contentNode(this.shadow) };
          if (rules.mode === 'suggest') checkSuggestOnly(was, now, rules.userId);
          else checkOwnNewIds(was, now, rules.userId);
          this.cache = now;
        } else {
          this.cache = null;
        }
      }
    } catch (err) {
      this.rebuild();
      throw err instanceof SchemaViolation ? err : new SchemaViolation((err as Error).message);
    }
  }

  /**
   * Applies an update that was already checked elsewhere (a peer process accepted it) to the
   * shadow, unchecked: the real document receives it too, so the two stay identical.
   */
  follow(update: Uint8Array): void {
    this.cache = null;
    Y.applyUpdate(this.shadow, update);
  }

  /** Rebuilds the shadow from the real document (which changed without a check). */
  reset(): void {
    this.cache = null;
    this.rebuild();
  }

  /** Rebuilds the shadow after a refused update (the real document, and so the cache, did not change). */
  private rebuild(): void {
    this.shadow.destroy();
    this.shadow = this.clone();
  }

  destroy(): void {
    this.shadow.destroy();
  }
}

/** Whether applying the update would change the document at all (new items or new deletions). */
export function wouldChange(doc: Y.Doc, update: Uint8Array): boolean {
  const copy = new Y.Doc({ gc: doc.gc });
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    let changed = false;
    copy.on('afterTransaction', (tr: Y.Transaction) => {
      if (tr.deleteSet.clients.size > 0) changed = true;
      for (const [client, clock] of tr.afterState) if ((tr.beforeState.get(client) ?? 0) !== clock) changed = true;
    });
    Y.applyUpdate(copy, update);
    return changed || copy.store.pendingStructs !== null || copy.store.pendingDs !== null;
  } catch {
    return true;
  } finally {
    copy.destroy();
  }
}
