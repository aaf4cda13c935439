import { describe, expect, it } from 'vitest';
import { isNewsroomSlug, numberedSlug, slugify, suggestNewsroomSlug, transliterate } from './slug';

describe('transliterate (ELOT 743, simplified)', () => {
  it.each([
    ['Αθήνα', 'athina'],
    ['Θεσσαλονίκη', 'thessaloniki'],
    ['Χανιά', 'chania'],
    ['Ψυχή', 'psychi'],
    ['Ξάνθη', 'xanthi'],
    ['Ωραιόκαστρο', 'oraiokastro'],
    // αυ/ευ/ηυ: v before a vowel or voiced consonant, f before a voiceless one or at the end
    ['Ευρώπη', 'evropi'],
    ['αύριο', 'avrio'],
    ['Αυτοκίνητο', 'aftokinito'],
    ['ευχαριστώ', 'efcharisto'],
    ['ηύρα', 'ivra'],
    ['Ζευς', 'zefs'],
    ['ταυ', 'taf'],
    // ου and the gamma pairs
    ['Ουρανός', 'ouranos'],
    ['Άγγελος', 'angelos'],
    ['Αγκυρα', 'agkyra'],
    ['Σφίγξ', 'sfinx'],
    ['μελαγχολία', 'melancholia'],
    // μπ: b at the edges of a word, mp inside
    ['Μπουκάλι', 'boukali'],
    ['λάμπα', 'lampa'],
    ['Αμπελόκηποι', 'ampelokipoi'],
    ['κομπ', 'kob'],
    // a diaeresis breaks a pair
    ['προϋπόθεση', 'proypothesi'],
    ['Αϊβαλί', 'aivali'],
    ['Ευρωπαϊκή', 'evropaiki'],
    ['ΧΑΪΔΕΜΕΝΟΣ', 'chaidemenos'],
    // capitals and final sigma
    ['ΕΛΛΗΝΙΚΑ ΠΕΤΡΕΛΑΙΑ', 'ellinika petrelaia'],
    // Latin text keeps its letters without accents
    ['Café Νέα', 'cafe nea'],
  ])('%s → %s', (greek, latin) => {
    expect(transliterate(greek)).toBe(latin);
  });
});

describe('slugify', () => {
  it('turns a Greek company name into a URL slug', () => {
    expect(slugify('Αθηναϊκή Ζυθοποιία Α.Ε.')).toBe('athinaiki-zythopoiia-a-e');
    expect(slugify('  Ψηφιακή   Αυγή — Τεχνολογία & Καινοτομία!  ')).toBe('psifiaki-avgi-technologia-kainotomia');
    expect(slugify('Deltio 2026')).toBe('deltio-2026');
  });

  it('is empty when nothing is left', () => {
    expect(slugify('!!! — ???')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('keeps within the limit, at a word boundary when it can', () => {
    const s = slugify('Νέα συνεργασία για την ενεργειακή αναβάθμιση των σχολείων της Αττικής και των νησιών', 40);
    expect(s.length).toBeLessThanOrEqual(40);
    expect(s).toBe('nea-synergasia-gia-tin-energeiaki');
    expect(slugify('α'.repeat(100), 20)).toBe('a'.repeat(20));
  });
});

describe('newsroom slugs', () => {
  it('accepts lower-case words with single hyphens, 3 to 60 characters', () => {
    expect(isNewsroomSlug('athinaiki-zythopoiia')).toBe(true);
    expect(isNewsroomSlug('abc')).toBe(true);
    expect(isNewsroomSlug('ab')).toBe(false);
    expect(isNewsroomSlug('a'.repeat(61))).toBe(false);
    expect(isNewsroomSlug('Athina')).toBe(false);
    expect(isNewsroomSlug('athina--nea')).toBe(false);
    expect(isNewsroomSlug('-athina')).toBe(false);
    expect(isNewsroomSlug('αθηνα')).toBe(false);
    expect(isNewsroomSlug('athina.gr')).toBe(false);
  });

  it('numbers repeats within the limit', () => {
    expect(numberedSlug('nea-synergasia', 1)).toBe('nea-synergasia');
    expect(numberedSlug('nea-synergasia', 2)).toBe('nea-synergasia-2');
    expect(numberedSlug('a'.repeat(80), 12)).toBe(`${'a'.repeat(77)}-12`);
  });
});

describe('suggestNewsroomSlug', () => {
  it('proposes a well-formed slug from any company name', () => {
    expect(suggestNewsroomSlug('Αθηναϊκή Ζυθοποιία')).toBe('athinaiki-zythopoiia');
    expect(suggestNewsroomSlug('ΑΒ')).toBe('av-newsroom');
    expect(suggestNewsroomSlug('!!!')).toBe('newsroom');
    for (const name of ['Ω', 'Ευ', '', 'α'.repeat(200)]) expect(isNewsroomSlug(suggestNewsroomSlug(name))).toBe(true);
  });
});
