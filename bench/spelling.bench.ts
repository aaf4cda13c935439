/**
 * Spelling benchmark: the assistant's Greek speller (the Hunspell word list of
 * `dictionary-el` packed at build time with a folded-hash index for suggestions, server/src/
 * modules/assistant/spelling/; and its previous form, a Set of the words) against nspell on
 * the same dictionary, in one run: load time and heap,
 * word checks per second over the corpus, suggestion latency (p50/p99) and accuracy on common
 * Greek misspellings (first suggestion right, right among the first five).
 *
 *   node --expose-gc --import tsx bench/spelling.bench.ts
 */
import fs from 'node:fs';
import nspell from 'nspell';
import { loadCorpus } from '../server/src/modules/assistant/corpus/load';
import { dicFile, greekSpeller, parseDic } from '../server/src/modules/assistant/spelling/dictionary';
import { GreekSpeller, WordIndex } from '../server/src/modules/assistant/spelling/speller';
import { wordTokens } from '../server/src/modules/assistant/spelling/tokenize';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const heap = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers; // the packed dictionary is an ArrayBuffer
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Misspellings Greek writers make, with the intended word: tonos, i-sounds, ο/ω, ε/αι, doubled letters, typos. */
const CASES: [string, string][] = [
  ['επιχειρισιακή', 'επιχειρησιακή'], ['αναπτιξη', 'ανάπτυξη'], ['συνεργασιας', 'συνεργασίας'], ['διευθυνων', 'διευθύνων'],
  ['παρουσιαση', 'παρουσίαση'], ['εκδηλωση', 'εκδήλωση'], ['ανταγωνιστικοτητα', 'ανταγωνιστικότητα'], ['πρωτοβουλια', 'πρωτοβουλία'],
  ['Μαίου', 'Μαΐου'], ['προιόντα', 'προϊόντα'], ['προιοντα', 'προϊόντα'], ['βιωσημοτητα', 'βιωσιμότητα'], ['περιβαλοντικό', 'περιβαλλοντικό'],
  ['αποτελέσμτα', 'αποτελέσματα'], ['ξενοδοχειακος', 'ξενοδοχειακός'], ['τουρισμου', 'τουρισμού'], ['συμετοχή', 'συμμετοχή'],
  ['επενδιση', 'επένδυση'], ['καινοτομια', 'καινοτομία'], ['αθήνα', 'Αθήνα'], ['εταιρεια', 'εταιρεία'], ['Θεσαλονίκη', 'Θεσσαλονίκη'],
  ['δημιουργεια', 'δημιουργία'], ['εξυπηρέτιση', 'εξυπηρέτηση'], ['ευχαριστουμε', 'ευχαριστούμε'], ['σημαντικη', 'σημαντική'],
  ['οικονομικα', 'οικονομικά'], ['ανακοινωνει', 'ανακοινώνει'], ['πελατων', 'πελατών'], ['εργαζομενους', 'εργαζόμενους'],
  ['ενεργεια', 'ενέργεια'], ['τεχνολογια', 'τεχνολογία'], ['ψηφιακη', 'ψηφιακή'], ['εκπεδευση', 'εκπαίδευση'], ['κυβερνιση', 'κυβέρνηση'],
  ['ελλαδα', 'Ελλάδα'], ['δηλωσε', 'δήλωσε'], ['συμφονα', 'σύμφωνα'], ['διαθεσιμο', 'διαθέσιμο'], ['μεγαλητερη', 'μεγαλύτερη'],
];

interface Speller {
  correct(w: string): boolean;
  suggest(w: string): string[];
}

async function measure(name: string, load: () => Promise<Speller>, words: string[]) {
  const h0 = heap();
  const t0 = performance.now();
  const sp = await load();
  const loadMs = performance.now() - t0;
  const heapBytes = heap() - h0;
  const t1 = performance.now();
  let flagged = 0;
  for (let r = 0; r < 20; r++) for (const w of words) if (!sp.correct(w)) flagged++;
  const checksPerSec = (20 * words.length) / ((performance.now() - t1) / 1000);
  const times: number[] = [];
  let top1 = 0;
  let top5 = 0;
  for (const [wrong, right] of CASES) {
    const t = performance.now();
    const s = sp.suggest(wrong);
    times.push(performance.now() - t);
    if (s[0] === right) top1++;
    if (s.slice(0, 5).includes(right)) top5++;
  }
  return { name, loadMs, heapBytes, checksPerSec, flagged: flagged / 20, p50: pct(times, 50), p99: pct(times, 99), top1, top5 };
}

const words = loadCorpus().flatMap((t) => [t.doc.title, ...t.doc.blocks.map((b) => b.text)].flatMap((x) => wordTokens(x).filter((w) => w.script === 'greek').map((w) => w.word)));

const ours = await measure(
  'ours (packed file, build)',
  async () => {
    const sp = await greekSpeller();
    return { correct: (w) => sp.isCorrect(w), suggest: (w) => sp.suggest(w) };
  },
  words,
);
// The previous form, for comparison in the same run: the .dic parsed into a Set with a Set of folded hashes.
const set = await measure(
  'before (Set + folded hashes)',
  async () => {
    const text = await fs.promises.readFile(dicFile(), 'utf8');
    const sp = new GreekSpeller(new WordIndex(await parseDic(text)));
    return { correct: (w) => sp.isCorrect(w), suggest: (w) => sp.suggest(w) };
  },
  words,
);
const ref = await measure(
  'nspell 2.1.5 (reference)',
  async () => {
    const { default: dictionary } = await import('dictionary-el');
    const sp = nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
    return { correct: (w) => sp.correct(w), suggest: (w) => sp.suggest(w) };
  },
  words,
);

console.log(`${words.length} Greek words of the corpus; ${CASES.length} misspellings\n`);
console.log('speller'.padEnd(30), 'load'.padStart(8), 'heap'.padStart(8), 'checks/s'.padStart(12), 'flagged'.padStart(8), 'sugg p50'.padStart(9), 'sugg p99'.padStart(9), 'top-1'.padStart(7), 'top-5'.padStart(7));
for (const r of [ours, set, ref]) {
  console.log(
    r.name.padEnd(30),
    `${(r.loadMs / 1000).toFixed(2)} s`.padStart(8),
    mb(r.heapBytes).padStart(8),
    Math.round(r.checksPerSec).toLocaleString('en').padStart(12),
    String(r.flagged).padStart(8),
    `${r.p50.toFixed(1)} ms`.padStart(9),
    `${r.p99.toFixed(1)} ms`.padStart(9),
    `${r.top1}/${CASES.length}`.padStart(7),
    `${r.top5}/${CASES.length}`.padStart(7),
  );
}
console.log(`\nours/nspell: load ${(ours.loadMs / ref.loadMs).toFixed(2)}×, heap ${(ours.heapBytes / ref.heapBytes).toFixed(2)}×, suggestion p99 ${(ours.p99 / ref.p99).toFixed(2)}×`);
