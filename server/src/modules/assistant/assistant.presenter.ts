import type { DictionaryWord } from '../../../../shared/schemas/assistant';
import type { WordRow } from './assistant.repo';

export const presentWord = (r: WordRow): DictionaryWord => ({
  id: r.id,
  word: r.word,
  createdAt: new Date(r.created_at).toISOString(),
  createdByName: r.created_by_name,
});
