/**
 * Titles as headlines (issue 33, point 5): the two proposals the audit quoted, and the rules
 * of the lead's clause that keep a headline grammatical.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinAssistant } from '../builtin';
import { greekSpeller } from '../spelling/dictionary';
import { clauseHeadlines, parseClause, renderTokens } from './headline';

/** The release behind the audit's two bad proposals (the code before this change gave exactly them). */
const NAXOS = `Νάξος, 3 Απριλίου 2026 — Η Αιγαίο Τεχνολογίες παρουσιάζει σήμερα στη Νάξο την πρώτη έκδοση της εφαρμογής ΗλιοΚοινότητα για την κοινή χρήση ηλιακής ενέργειας.

Η εφαρμογή συνδέει φωτοβολταϊκά, μπαταρίες και έξυπνους μετρητές των σπιτιών σε ένα δίκτυο που μοιράζεται την ηλιακή ενέργεια ανάμεσα σε γειτονικά νοικοκυριά. Οι χρήστες της εφαρμογής βλέπουν την παραγωγή σε πραγματικό χρόνο, ενώ η λειτουργία της εφαρμογής δεν απαιτεί νέο εξοπλισμό. Η πιλοτική φάση της εφαρμογής ξεκινά με 150 νοικοκυριά.

«Η ενέργεια του ήλιου μένει στο νησί», δήλωσε ο Νίκος Ρούσσος.`;

const headlines = (sentence: string) => clauseHeadlines(parseClause(sentence)!, 78).map((h) => h.text);

beforeAll(() => greekSpeller(), 60_000);

describe('the audit’s two titles', () => {
  it('no genitive fragment after a colon («Αιγαίο Τεχνολογίες: Εφαρμογής στη Νάξο»), no clause about «the app» cut short («Η εφαρμογή συνδέει φωτοβολταϊκά»)', async () => {
    const { titles } = await builtinAssistant.suggest({ title: '', text: NAXOS });
    expect(titles).not.toContain('Αιγαίο Τεχνολογίες: Εφαρμογής στη Νάξο');
    expect(titles).not.toContain('Η εφαρμογή συνδέει φωτοβολταϊκά');
    expect(titles.length).toBeGreaterThanOrEqual(2);
    for (const t of titles) {
      expect(t, t).toMatch(/Αιγαίο Τεχνολογίες/u); // names who
      expect(t, t).not.toMatch(/:\s*\p{L}+(ής|ού|ών)\b/u);
      expect([...t].length).toBeLessThanOrEqual(78);
    }
    // The first names the news: who, the verb, what.
    expect(titles[0]).toBe('Η Αιγαίο Τεχνολογίες παρουσιάζει την πρώτη έκδοση της εφαρμογής ΗλιοΚοινότητα');
    expect(titles[1]).toBe('Αιγαίο Τεχνολογίες: πρώτη έκδοση της εφαρμογής ΗλιοΚοινότητα');
  });

  it('titles, key phrases and the summary are written in the speller’s spelling', async () => {
    const s = await builtinAssistant.suggest({
      title: '',
      text: 'Χανιά, 18 Μαρτίου 2026 — Ο όμιλος Κρητικός Ήλιος εγκαινιαζει τον Μάιο νέο ξενοδοχιο πέντε αστέρων στα Χανιά. Το ξενοδοχιο διαθέτει 140 δωμάτια και δύο εστιατόρια.',
    });
    expect(s.titles[0]).toBe('Ο όμιλος Κρητικός Ήλιος εγκαινιάζει νέο ξενοδοχείο πέντε αστέρων στα Χανιά');
    expect(s.titles.join(' ')).not.toMatch(/ξενοδοχιο|εγκαινιαζει/u);
    expect(s.summary).toContain('νέο ξενοδοχείο πέντε αστέρων');
    expect(s.summary).not.toMatch(/ξενοδοχιο/u);
    expect(s.keyphrases.join(' ')).not.toMatch(/ξενοδοχιο/u);
    expect(s.keyphrases.join(' ')).toMatch(/ξενοδοχείο/u);
  });
});

describe('the lead’s clause', () => {
  it('finds subject, verb and the phrases after it; drops times, adverbs and possessive clitics', () => {
    const c = parseClause('Η DataNorth ανακοινώνει σήμερα τη λειτουργία του νέου κέντρου δεδομένων της στη Θεσσαλονίκη, το οποίο θα εξυπηρετεί επιχειρήσεις.')!;
    expect(renderTokens(c.toks, c.subject)).toBe('Η DataNorth');
    expect(renderTokens(c.toks, c.verb)).toBe('ανακοινώνει');
    expect(c.chunks.map((ch) => [ch.kind, renderTokens(c.toks, [...ch.head, ...ch.tails.flat()])])).toEqual([
      ['adverbial', 'σήμερα'],
      ['np', 'τη λειτουργία του νέου κέντρου δεδομένων'],
      ['pp', 'στη Θεσσαλονίκη'],
    ]);
    expect(headlines('Ο όμιλος Κρητικός Ήλιος εγκαινιάζει τον Μάιο νέο ξενοδοχείο στα Χανιά.')[0]).toBe('Ο όμιλος Κρητικός Ήλιος εγκαινιάζει νέο ξενοδοχείο στα Χανιά');
  });

  it('keeps the object and an action noun’s genitive; never ends on an article or a preposition', () => {
    const all = headlines('Η Ηλέκτρα Ενέργεια μειώνει κατά 12% τα τιμολόγια ρεύματος για τα νοικοκυριά από την 1η Απριλίου.');
    expect(all[0]).toBe('Η Ηλέκτρα Ενέργεια μειώνει κατά 12% τα τιμολόγια ρεύματος για τα νοικοκυριά');
    expect(all).not.toContain('Η Ηλέκτρα Ενέργεια μειώνει κατά 12%');
    for (const h of all) expect(h).not.toMatch(/\s(την|τη|του|της|σε|στη|από|για|και)$/u);
    expect(headlines('Η Αιγαίο Τεχνολογίες παρουσιάζει στη Νάξο την πρώτη έκδοση της εφαρμογής ΗλιοΚοινότητα.')).not.toContain(
      'Η Αιγαίο Τεχνολογίες παρουσιάζει στη Νάξο την πρώτη έκδοση',
    );
  });

  it('shortens the subject to its name only where the article agrees; takes the news after «ανακοινώνει ότι»; a verb may open the sentence', () => {
    expect(headlines('Η ελληνική νεοφυής εταιρεία Κυβερνοφύλαξ εξασφάλισε χρηματοδότηση 4,5 εκατ. ευρώ από το ταμείο Πήγασος Ventures για να επεκταθεί στην Ευρώπη.')[0]).toBe(
      'Η Κυβερνοφύλαξ εξασφάλισε χρηματοδότηση 4,5 εκατ. ευρώ',
    );
    expect(headlines('Ο όμιλος Μινωικά Ξενοδοχεία εγκαινιάζει το νέο θέρετρο στην Αγία Πελαγία.').join(' ')).not.toMatch(/Ο Μινωικά/u);
    expect(headlines('Το Πανεπιστημιακό Γενικό Νοσοκομείο Ηρακλείου απέκτησε ρομποτικό χειρουργικό σύστημα, δωρεά ιδρύματος.')[0]).toBe(
      'Το Νοσοκομείο Ηρακλείου απέκτησε ρομποτικό χειρουργικό σύστημα',
    );
    expect(headlines('Η εταιρεία ανακοινώνει ότι το νέο εργοστάσιό της ξεκινά την παραγωγή στη Θεσσαλονίκη τον Μάιο.')[0]).toBe(
      'Το νέο εργοστάσιο ξεκινά την παραγωγή στη Θεσσαλονίκη',
    );
    expect(headlines('Ξεκινά σήμερα η εγγραφή των μαθητών στα δημοτικά σχολεία της Αθήνας.')[0]).toBe('Ξεκινά η εγγραφή των μαθητών στα δημοτικά σχολεία της Αθήνας');
  });
});
