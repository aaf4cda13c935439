import type * as Y from 'yjs';
import { hasFields, readFields } from '../../../shared/editor/doc-fields';
import type { Db } from '../db/knex';
import { renderDoc, searchTextOf } from './render';

/**
 * Writes what the document says into the release row: sanitized HTML, plain text, search
 * text, and the title, category and media lists (when the document carries its fields).
 */
export async function deriveRelease(db: Db, releaseId: string, doc: Y.Doc): Promise<void> {
  const { html, text } = renderDoc(doc);
  const current = await db('press_releases').where('id', releaseId).first<{ title: string } | undefined>('title');
  if (!current) return;
  const update: Record<string, unknown> = { content: html, content_text: text };
  let title = current.title;
  if (hasFields(doc)) {
    const f = readFields(doc);
    title = f.title.slice(0, 300);
    update.title = title;
    update.category = f.category;
    update.media_list_categories = f.mediaLists;
  }
  update.search_text = searchTextOf(title, text);
  await db('press_releases').where('id', releaseId).update(update);
}
