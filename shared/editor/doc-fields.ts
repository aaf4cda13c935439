import type * as Y from 'yjs';
import { CATEGORIES, type Category } from '../constants';
import { athensInstant, EMBARGO_DATE_FIELD, EMBARGO_TIME_FIELD } from '../embargo';

/** Where each shared field of a release lives in its Y.Doc. */
export const TITLE_FIELD = 'title'; // Y.Text: characters of concurrent typists merge
export const META_FIELD = 'meta'; // Y.Map: category, scheduledDate, scheduledTime, embargoDate, embargoTime (last write per field)
export const MEDIA_LISTS_FIELD = 'mediaLists'; // Y.Map<boolean>: concurrent ticks merge

export interface ReleaseFields {
  title: string;
  category: Category | null;
  mediaLists: Category[];
  scheduledDate: string;
  scheduledTime: string;
  /** The embargo's end in Athens time: YYYY-MM-DD and HH:mm, '' when not set. */
  embargoDate: string;
  embargoTime: string;
}

/** The keys the `meta` map may hold (the server refuses any other). */
export const META_KEYS = ['category', 'scheduledDate', 'scheduledTime', EMBARGO_DATE_FIELD, EMBARGO_TIME_FIELD] as const;

/** The embargo the fields set: an instant when both date and time are given, else null. */
export function embargoOf(f: Pick<ReleaseFields, 'embargoDate' | 'embargoTime'>): Date | null {
  return f.embargoDate && f.embargoTime ? athensInstant(f.embargoDate, f.embargoTime) : null;
}

const isCategory = (v: unknown): v is Category => typeof v === 'string' && (CATEGORIES as readonly string[]).includes(v);

export function readFields(doc: Y.Doc): ReleaseFields {
  const meta = doc.getMap(META_FIELD);
  const lists = doc.getMap<boolean>(MEDIA_LISTS_FIELD);
  const category = meta.get('category');
  const text = (key: string) => (typeof meta.get(key) === 'string' ? (meta.get(key) as string) : '');
  return {
    title: doc.getText(TITLE_FIELD).toJSON(),
    category: isCategory(category) ? category : null,
    mediaLists: CATEGORIES.filter((c) => lists.get(c) === true),
    scheduledDate: text('scheduledDate'),
    scheduledTime: text('scheduledTime'),
    embargoDate: text(EMBARGO_DATE_FIELD),
    embargoTime: text(EMBARGO_TIME_FIELD),
  };
}

/** Whether the document carries the fields at all (older documents may not). */
export function hasFields(doc: Y.Doc): boolean {
  return doc.share.has(TITLE_FIELD) || doc.share.has(META_FIELD);
}

/** Seeds the fields of a new document (once, on the server). */
export function seedFields(doc: Y.Doc, f: { title: string; category: Category | null; mediaLists: string[] }): void {
  doc.transact(() => {
    const title = doc.getText(TITLE_FIELD);
    if (title.length === 0 && f.title) title.insert(0, f.title);
    doc.getMap(META_FIELD).set('category', f.category);
    const lists = doc.getMap<boolean>(MEDIA_LISTS_FIELD);
    for (const c of f.mediaLists) if (isCategory(c)) lists.set(c, true);
  });
}
