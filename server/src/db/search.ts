import type { Knex } from 'knex';
import { FOLD_FROM, FOLD_TO, likeContains, normalizeSearch } from '../../../shared/search-text';

/**
 * Search on columns that are not stored folded: each column is folded in SQL with the
 * shared normaliser's table (translate(), the same fold as normalizeSearch(), whatever the
 * database's locale) and matched against the folded query. The columns are OR-ed.
 */
export function whereFoldedContains<T extends Knex.QueryBuilder>(query: T, columns: readonly string[], text: string): T {
  const pattern = likeContains(normalizeSearch(text.trim()));
  return query.where((w) => {
    for (const column of columns) void w.orWhereRaw("translate(??, ?, ?) like ? escape '\\'", [column, FOLD_FROM, FOLD_TO, pattern]);
  }) as T;
}

/** A search on a column already holding normalizeSearch() text (press_releases.search_text). */
export function whereSearchTextContains<T extends Knex.QueryBuilder>(query: T, column: string, text: string): T {
  return query.andWhereRaw("?? like ? escape '\\'", [column, likeContains(normalizeSearch(text.trim()))]) as T;
}
