import type * as Y from 'yjs';
import { CATEGORIES } from '../../../shared/constants';
import { META_FIELD } from '../../../shared/editor/extensions';
import type { Db } from '../db/knex';
import { renderDoc, searchTextOf } from './render';

/** The shared fields of a release that live in the document's meta map. */
export interface ReleaseMeta {
  title?: string;
  category?: string | null;
  mediaLists?: string[];
  scheduledDate?: string;
  scheduledTime?: string;
}

export function readMeta(doc: Y.Doc): ReleaseMeta {
  return doc.getMap(META_FIELD).toJSON() as ReleaseMeta;
}

/**
 * Writes what the document says into the release row: sanitized HTML, plain text, search
 * text, and the title, category and media lists when the document carries them.
 */
export async function deriveRelease(db: Db, releaseId: string, doc: Y.Doc): Promise<void> {
  const { html, text } = renderDoc(doc);
  const meta = readMeta(doc);
  const current = await db('press_releases').where('id', releaseId).first<{ title: string } | undefined>('title');
  if (!current) return;
  const title = typeof meta.title === 'string' ? meta.title.slice(0, 300) : current.title;
  const update: Record<string, unknown> = {
    content: html,
    content_text: text,
    search_text: searchTextOf(title, text),
    title,
  };
  if (meta.category === null || (typeof meta.category === 'string' && (CATEGORIES as readonly string[]).includes(meta.category))) {
    update.category = meta.category;
  }
  if (Array.isArray(meta.mediaLists)) {
    update.media_list_categories = meta.mediaLists.filter((c) => (CATEGORIES as readonly string[]).includes(c));
  }
  await db('press_releases').where('id', releaseId).update(update);
}
