/**
 * The suggest-mode guard's base check (sameBase) reads inline-only regions in one linear pass
 * instead of the library's revert: it must decide exactly as comparing the library's reverts of
 * the whole documents would, for allowed suggestions and for forgeries alike.
 */
import { describe, expect, it } from 'vitest';
import { editorSchema as schema } from './editor-schema';
import { revertAll, sameBase } from './suggestions';

const A = '11111111-1111-4111-8111-111111111111';
const ins = (text: string, id = `${A}:aaaaaa`, more: object[] = []) => ({ type: 'text', text, marks: [{ type: 'insertion', attrs: { id } }, ...more] });
const del = (text: string, id = `${A}:bbbbbb`, more: object[] = []) => ({ type: 'text', text, marks: [{ type: 'deletion', attrs: { id } }, ...more] });
const t = (text: string, marks: object[] = []) => ({ type: 'text', text, ...(marks.length ? { marks } : {}) });
const p = (...content: object[]) => ({ type: 'paragraph', content });
const doc = (...content: object[]) => schema.nodeFromJSON({ type: 'doc', content });
const bold = { type: 'bold' };

const BASE = [p(t('Η εταιρεία ανακοινώνει αύξηση πωλήσεων.')), p(t('Δεύτερη παράγραφος.')), p(t('Τρίτη.'))];

const cases: [string, ReturnType<typeof doc>, ReturnType<typeof doc>][] = [
  ['an insertion', doc(...BASE), doc(p(t('Η εταιρεία ανακοινώνει'), ins(' σήμερα'), t(' αύξηση πωλήσεων.')), BASE[1]!, BASE[2]!)],
  ['a deletion', doc(...BASE), doc(BASE[0]!, p(del('Δεύτερη '), t('παράγραφος.')), BASE[2]!)],
  ['bold suggested as a replacement', doc(...BASE), doc(BASE[0]!, BASE[1]!, p(del('Τρίτη'), ins('Τρίτη', `${A}:cccccc`, [bold]), t('.')))],
  ['unmarked text typed', doc(...BASE), doc(BASE[0]!, p(t('Δεύτερη νέα παράγραφος.')), BASE[2]!)],
  ['text deleted outright', doc(...BASE), doc(BASE[0]!, p(t('παράγραφος.')), BASE[2]!)],
  ['an insertion mark removed', doc(p(t('Η εταιρεία'), ins(' σήμερα'), t('.')), BASE[1]!), doc(p(t('Η εταιρεία σήμερα.')), BASE[1]!)],
  ['deletion-marked text removed', doc(p(del('Η '), t('εταιρεία.')), BASE[1]!), doc(p(t('εταιρεία.')), BASE[1]!)],
  ['plain text made bold', doc(...BASE), doc(BASE[0]!, BASE[1]!, p(t('Τρίτη', [bold]), t('.')))],
  ['a paragraph deleted outright', doc(...BASE), doc(BASE[0]!, BASE[2]!)],
  ['an own insertion withdrawn', doc(p(t('Η εταιρεία'), ins(' σήμερα'), t('.')), BASE[1]!), doc(p(t('Η εταιρεία.')), BASE[1]!)],
];

const ALLOWED = new Set(['an insertion', 'a deletion', 'bold suggested as a replacement', 'an own insertion withdrawn']);

describe('sameBase', () => {
  for (const [name, before, after] of cases) {
    it(`decides as the library's revert does: ${name}`, () => {
      expect(sameBase(before, after)).toBe(revertAll(before).eq(revertAll(after)));
      expect(sameBase(before, after)).toBe(ALLOWED.has(name));
    });
  }
});
