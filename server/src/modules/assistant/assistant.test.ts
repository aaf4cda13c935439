import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewResponse } from '../../../../shared/schemas/assistant';
import { createLogger } from '../../logger';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { insertMember, insertOrganisation, insertRelease, tokenOf } from '../distribution/org-fixtures';
import { applyEdits, builtinAssistant } from './builtin';
import { GREEK_QUESTION_MARK, questionMark, quotes, semicolonPause, spacing } from './review/checks/punctuation';
import { sentenceSpans, type ReviewDoc } from './review/text';
import { keyPhrases, pageRank, rankSentences, stem } from './review/textrank';
import { spellText, SuggestionCache } from './spelling/check-spelling';
import { greekSpeller } from './spelling/dictionary';
import { accentVariants, fold, phoneticKey } from './spelling/greek';
import { GreekSpeller, Lexicon, WordIndex } from './spelling/speller';
import { wordTokens } from './spelling/tokenize';
import { remoteAssistant } from './remote';

const TEXT = `Θεσσαλονίκη, 5 Μαρτίου 2026 — Η Αιγαίο Τεχνολογίες ανακοινώνει τη λειτουργία νέου κέντρου δεδομένων στη Θεσσαλονίκη. Το κέντρο δεδομένων θα εξυπηρετεί επιχειρήσεις της Βόρειας Ελλάδας.

Η επένδυση ανέρχεται σε 12 εκατ. ευρώ και δημιουργεί 80 νέες θέσεις εργασίας. Η Αιγαίο Τεχνολογίες συνεργάζεται με το Αριστοτέλειο Πανεπιστήμιο για την εκπαίδευση των νέων μηχανικών.

Ο διευθύνων σύμβουλος δήλωσε ότι το κέντρο δεδομένων είναι το μεγαλύτερο της περιοχής. Η λειτουργία ξεκινά τον Σεπτέμβριο...`;

const logger = createLogger({ logLevel: 'silent', env: 'test' });
const doc = (...blocks: string[]): ReviewDoc => ({ title: '', blocks: blocks.map((text) => ({ type: 'paragraph' as const, text, links: [] })) });

describe('Greek letters', () => {
  it('folds accents, case and the final sigma with one normaliser', () => {
    expect(fold('Ανακοινώσεις')).toBe('ανακοινωσεισ');
    expect(fold('ΠΡΟΪΟΝ')).toBe(fold('προϊόν'));
  });
  it('places the tonos and the diaeresis where Greek can have them', () => {
    expect(accentVariants('καινοτομια')).toContain('καινοτομία');
    expect(accentVariants('προιοντα')).toContain('προϊόντα');
    expect(accentVariants('μαιου')).toContain('μαΐου');
  });
  it('gives sound-alike spellings one key', () => {
    expect(phoneticKey('επενδιση')).toBe(phoneticKey('επένδυση'));
    expect(phoneticKey('περιβαλοντικό')).toBe(phoneticKey('περιβαλλοντικό'));
    expect(phoneticKey('σημαντικο')).not.toBe(phoneticKey('σημαντικα'));
  });
});

describe('the speller on a small word list', () => {
  const words = ['ανακοίνωση', 'ανακοινώνει', 'Αθήνα', 'μήνυμα', 'ασφάλεια', 'ασφάλειας', 'επένδυση', 'εταιρεία', 'την'];
  const speller = new GreekSpeller(new WordIndex(new Set(words)));

  it('knows capitals without the tonos, names, an enclitic accent and prefixed compounds', () => {
    expect(speller.isCorrect('ΑΝΑΚΟΙΝΩΣΗ')).toBe(true);
    expect(speller.isCorrect('Ανακοίνωση')).toBe(true); // a capital at a sentence's start
    expect(speller.isCorrect('αθήνα')).toBe(false); // a name is written with a capital
    expect(speller.isCorrect('μήνυμά')).toBe(true); // 'το μήνυμά μας'
    expect(speller.isCorrect('κυβερνοασφάλειας')).toBe(true);
    expect(speller.isCorrect('ανακοινωση')).toBe(false); // the tonos matters
    expect(speller.isCorrect('ανακοινόση')).toBe(false);
  });

  it('suggests the accent, the sound-alike letter, a typo and two words run together', () => {
    expect(speller.suggest('ανακοινωση')[0]).toBe('ανακοίνωση');
    expect(speller.suggest('επενδιση')[0]).toBe('επένδυση');
    expect(speller.suggest('εταιρια')[0]).toBe('εταιρεία');
    expect(speller.suggest('αθήνα')[0]).toBe('Αθήνα');
    expect(speller.suggest('τηνεταιρεία')).toContain('την εταιρεία');
    expect(speller.suggest('ΑΝΑΚΟΙΝΟΣΗ')[0]).toBe('ΑΝΑΚΟΙΝΩΣΗ'); // in the word's own casing
  });

  it('accepts the workspace words as typed, in any case and in capitals', () => {
    const own = new Lexicon(['Νηρηίδα']);
    expect(speller.isCorrect('Νηρηίδα', own)).toBe(true);
    expect(speller.isCorrect('ΝΗΡΗΙΔΑ', own)).toBe(true);
    expect(speller.isCorrect('Νηριίδα', own)).toBe(false);
    expect(own.near('Νηριίδα')).toEqual(['Νηρηίδα']);
  });
});

describe('words to check', () => {
  it('skips addresses, e-mails, numbers, initials and single letters; marks Latin and mixed script', () => {
    const t = wordTokens('Η Α.Ε. (https://deltio.gr/a) στο info@deltio.gr, με 5G και COVID-19 και το iPhone, ελαιόλαδo.');
    expect(t.map((x) => x.word)).toEqual(['στο', 'με', 'και', 'COVID', 'και', 'το', 'iPhone', 'ελαιόλαδo']);
    expect(t.find((x) => x.word === 'iPhone')!.script).toBe('latin');
    expect(t.find((x) => x.word === 'ελαιόλαδo')!.script).toBe('mixed');
  });
});

describe('the Greek question mark and the ano teleia', () => {
  it('turns a Latin ? after Greek into ; (U+037E), but not in an address or after a Latin word', () => {
    const f = questionMark(doc('Τι σημαίνει αυτό? Δείτε https://deltio.gr/?q=1 ή το "What now?" της έκθεσης.'));
    expect(f).toHaveLength(1);
    expect(f[0]!.fix!.edits[0]).toMatchObject({ type: 'replace', original: '?', text: GREEK_QUESTION_MARK });
  });
  it('never flags ; that ends a question, and offers · only for a pause before a lower-case word', () => {
    expect(semicolonPause(doc('Ποιοι μπορούν να κάνουν αίτηση; Όσοι εισήχθησαν φέτος.'))).toHaveLength(0);
    expect(semicolonPause(doc('Πού θα γίνει; στην Αθήνα, όπως κάθε χρόνο.'))).toHaveLength(0);
    expect(semicolonPause(doc('Οι πωλήσεις αυξήθηκαν; η εταιρεία επεκτείνεται.'))).toHaveLength(1);
  });
  it('leaves “ ” inside « » (Greek nesting) and spaces inside numbers alone', () => {
    expect(quotes(doc('Είπε: «Θέλουμε “το πανεπιστήμιο είναι δικό σας” να ακούγεται».'))).toHaveLength(0);
    expect(quotes(doc('Το σύνθημα “μαζί για την ακτή” ακούστηκε.'))).toHaveLength(1);
    expect(spacing(doc('Αύξηση 1,5% και 2.000 ευρώ, όπως είπε.'))).toHaveLength(0);
    expect(spacing(doc('Αύξηση , όπως είπε.')).map((f) => f.check)).toEqual(['space_before_punctuation']);
    expect(spacing(doc('Αύξηση,όπως είπε.')).map((f) => f.check)).toEqual(['space_after_punctuation']);
  });
  it('moves a space before a mark to after it when the mark is glued to the next word, in one fix', () => {
    const fix = (text: string) => {
      const edits = spacing(doc(text)).flatMap((f) => f.fix!.edits.map((edit) => ({ label: f.check, edit })));
      return applyEdits(doc(text), edits).doc.blocks[0]!.text;
    };
    expect(fix('200 θέσεις εργασίας ,και θα ολοκληρωθεί.')).toBe('200 θέσεις εργασίας, και θα ολοκληρωθεί.');
    expect(fix('Είπε ότι ·«θα γίνει».')).toBe('Είπε ότι· «θα γίνει».');
    expect(fix('Αύξηση , όπως είπε .')).toBe('Αύξηση, όπως είπε.');
  });
});

describe('TextRank', () => {
  it('ranks with PageRank, splits Greek sentences past abbreviations, and stems inflections together', () => {
    const r = pageRank([
      [0, 1, 1],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(r[0]).toBeGreaterThan(r[1]!);
    expect(sentenceSpans('Η Αιγαίο Α.Ε. επενδύει 12 εκατ. ευρώ. Τι σημαίνει; Πολλά!').map((s) => s.text)).toEqual([
      'Η Αιγαίο Α.Ε. επενδύει 12 εκατ. ευρώ.',
      'Τι σημαίνει;',
      'Πολλά!',
    ]);
    expect(stem('κέντρου')).toBe(stem('κέντρο'));
    const sentences = sentenceSpans(TEXT.replace(/\n+/g, ' ')).map((s) => s.text);
    const scores = rankSentences(sentences);
    expect(scores).toHaveLength(sentences.length);
    expect(keyPhrases(sentences, 3)[0]!.text).toMatch(/κέντρ\p{L}* δεδομένων/u);
  });
});

describe('built-in assistant', () => {
  // The dictionary is read once per process (seconds on a busy machine), not in the first test.
  beforeAll(() => greekSpeller(), 60_000);

  it('titles from the lead, an extractive summary, the fixed text and what was changed', async () => {
    const s = await builtinAssistant.suggest({ title: '', text: TEXT });
    expect(s.source).toBe('builtin');
    expect(s.titles).toEqual([
      'Η Αιγαίο Τεχνολογίες ανακοινώνει τη λειτουργία νέου κέντρου δεδομένων',
      'Αιγαίο Τεχνολογίες: λειτουργία νέου κέντρου δεδομένων στη Θεσσαλονίκη',
      'Η Αιγαίο Τεχνολογίες συνεργάζεται με το Αριστοτέλειο Πανεπιστήμιο',
    ]);
    expect(s.summary).toContain('νέου κέντρου δεδομένων στη Θεσσαλονίκη');
    expect(s.improved).toContain('τον Σεπτέμβριο…');
    expect(s.changes).toEqual([{ label: 'Αποσιωπητικά «...» → «…»', count: 1 }]);
  });

  it('says when it changed nothing', async () => {
    const s = await builtinAssistant.suggest({ title: '', text: 'Ο Δήμος Πάτρας διοργανώνει φεστιβάλ βιβλίου στην πλατεία Γεωργίου. Το φεστιβάλ βιβλίου διαρκεί δέκα ημέρες με 120 εκδότες.' });
    expect(s.changes).toEqual([]);
    expect(s.titles).toEqual(['Ο Δήμος Πάτρας διοργανώνει φεστιβάλ βιβλίου στην πλατεία Γεωργίου', 'Δήμος Πάτρας: φεστιβάλ βιβλίου στην πλατεία Γεωργίου', 'Ο Δήμος Πάτρας διοργανώνει φεστιβάλ βιβλίου']);
    expect(s.summary).toContain('φεστιβάλ');
  });

  it('fixes the tonos only where the one correction is the accent', async () => {
    const speller = await greekSpeller();
    const issues = spellText(speller, new Lexicon(), new SuggestionCache(), 0, 'Η καινοτομια της εταιρείας και η επενδιση.');
    expect(issues.map((i) => [i.word, i.suggestions[0]])).toEqual([
      ['καινοτομια', 'καινοτομία'],
      ['επενδιση', 'επένδυση'],
    ]);
    const s = await builtinAssistant.suggest({ title: '', text: 'Η καινοτομια της εταιρείας και η επενδιση στην Αθήνα ξεκινούν σήμερα.' });
    expect(s.improved).toContain('Η καινοτομία της εταιρείας');
    expect(s.improved).toContain('επενδιση'); // a different letter: offered, not applied
    expect(s.changes).toEqual([{ label: 'Τονισμός λέξεων', count: 1 }]);
  });
});

describe('remote assistant (OpenAI-compatible)', () => {
  const servers: http.Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  async function fakeAi(reply: (body: { messages: { content: string }[] }) => unknown, status = 200) {
    const srv = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply(JSON.parse(raw) as { messages: { content: string }[] })));
      });
    });
    servers.push(srv);
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(srv.address() as AddressInfo).port}/v1`;
  }

  it('asks the endpoint with the actual text and returns its answer', async () => {
    let seen = '';
    const url = await fakeAi((body) => {
      seen = body.messages[1]!.content;
      return { choices: [{ message: { content: JSON.stringify({ titles: ['Α', 'Β', 'Γ'], summary: 'Περίληψη', improved: 'Κείμενο', changes: ['Στίξη'] }) } }] };
    });
    const s = await remoteAssistant({ baseUrl: url, apiKey: 'k', model: 'm' }, builtinAssistant, logger).suggest({ title: 'Τ', text: TEXT });
    expect(s).toEqual({ titles: ['Α', 'Β', 'Γ'], summary: 'Περίληψη', improved: 'Κείμενο', changes: [{ label: 'Στίξη', count: 1 }], keyphrases: [], source: 'remote' });
    expect(seen).toContain('κέντρου δεδομένων');
  });

  it('falls back to the built-in assistant when the endpoint fails or answers nonsense', async () => {
    const down = await fakeAi(() => ({ error: 'overloaded' }), 503);
    expect((await remoteAssistant({ baseUrl: down, apiKey: undefined, model: 'm' }, builtinAssistant, logger).suggest({ title: '', text: TEXT })).source).toBe('builtin');
    const junk = await fakeAi(() => ({ choices: [{ message: { content: 'not json' } }] }));
    expect((await remoteAssistant({ baseUrl: junk, apiKey: undefined, model: 'm' }, builtinAssistant, logger).suggest({ title: '', text: TEXT })).source).toBe('builtin');
  });
});

describe('the assistant API', () => {
  let server: TestServer;
  let owner: { id: string; token: string };
  let member: { id: string; token: string };
  let reviewer: { id: string; token: string };
  let outsider: { id: string; token: string };
  let wsId: string;
  let releaseId: string;

  const person = async (organisationId: string, email: string, role: 'owner' | 'editor' | 'reviewer') => {
    const id = await insertMember(server.ctx.db, organisationId, email, role);
    return { id, token: await tokenOf(server.url, email) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    // The CPU pool's thread starts (seconds: it reads the speller's dictionary) while the organisation is made.
    const warm = server.ctx.cpu.warm();
    // The company profile is the organisation's, not its owner's.
    wsId = await insertOrganisation(server.ctx.db, 'Νηρηίδα Α.Ε.', { website: 'nirida.gr', description: 'Η Νηρηίδα φτιάχνει σκάφη.' });
    const elsewhere = await insertOrganisation(server.ctx.db, 'Άλλη Α.Ε.');
    owner = await person(wsId, 'owner@assistant.test', 'owner');
    member = await person(wsId, 'member@assistant.test', 'editor');
    reviewer = await person(wsId, 'reviewer@assistant.test', 'reviewer');
    outsider = await person(elsewhere, 'outsider@assistant.test', 'owner');
    // Written by the editor: the organisation's words and profile apply all the same.
    releaseId = await insertRelease(server.ctx.db, wsId, member.id, '');
    await warm;
  }, 60_000);
  afterAll(async () => server?.stop());

  const review = (token: string, text: string) =>
    call<ReviewResponse & { error?: { code: string } }>(server.url, 'POST', '/api/assistant/review', {
      token,
      body: { releaseId, title: 'Η Νηρηίδα στη Σύρο', blocks: [{ type: 'paragraph', text, links: [] }] },
    });

  it('suggestions answer for the actual content, and refuse empty content with a clear 400', async () => {
    const ok = await call<{ titles: string[] }>(server.url, 'POST', '/api/assistant/suggestions', { token: owner.token, body: { title: '', text: TEXT } });
    expect(ok.status).toBe(200);
    expect(ok.body.titles).toHaveLength(3);
    const empty = await call<{ error: { code: string } }>(server.url, 'POST', '/api/assistant/suggestions', { token: owner.token, body: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('empty_content');
  });

  it('reviews the release for its people: misspellings with offsets and corrections, and the checks with the profile', async () => {
    const text = 'Η Νηρηίδα ανακοινώνει την επενδιση στη Σύρο...';
    const r = await review(member.token, text);
    expect(r.status).toBe(200);
    expect(r.body.workspaceId).toBe(wsId);
    expect(r.body.canEditWords).toBe(true);
    const words = r.body.spelling.map((s) => s.word);
    expect(words).toContain('επενδιση');
    const issue = r.body.spelling.find((s) => s.word === 'επενδιση')!;
    expect(text.slice(issue.from, issue.to)).toBe('επενδιση');
    expect(issue.suggestions[0]).toBe('επένδυση');
    const checks = r.body.findings.map((f) => f.check);
    expect(checks).toEqual(expect.arrayContaining(['ellipsis', 'dateline_missing', 'quote_missing', 'contact_missing', 'link_own_missing']));
    // The boilerplate fix comes from the organisation's profile.
    const about = r.body.findings.find((f) => f.check === 'boilerplate_missing')!;
    expect(about.fix!.edits).toEqual([{ type: 'append', blocks: [{ type: 'heading', text: 'Σχετικά με Νηρηίδα Α.Ε.' }, { type: 'paragraph', text: 'Η Νηρηίδα φτιάχνει σκάφη.' }] }]);
    expect((await review(outsider.token, text)).status).toBe(404);
    // A reviewer gets the coach too, without the right to teach words.
    const read = await review(reviewer.token, text);
    expect(read.status).toBe(200);
    expect(read.body.canEditWords).toBe(false);
  });

  it('does not ask for a «Σχετικά με» or a press contact that the newsroom settings add under every release', async () => {
    const text = 'Η Νηρηίδα ανακοινώνει νέο σκάφος.';
    await server.ctx.db('organisations').where('id', wsId).update({ boilerplate: 'Η Νηρηίδα Α.Ε. ιδρύθηκε το 1990.', press_contact_email: 'press@nirida.gr' });
    try {
      const checks = (await review(member.token, text)).body.findings.map((f) => f.check);
      expect(checks).not.toContain('boilerplate_missing');
      expect(checks).not.toContain('contact_missing');
      expect(checks).toContain('quote_missing');
    } finally {
      await server.ctx.db('organisations').where('id', wsId).update({ boilerplate: null, press_contact_email: null });
    }
  });

  it("learns an organisation's word: stored, audited, announced to the organisation live, and no longer flagged", async () => {
    const before = await review(owner.token, 'Η Θαλασσόδρομος ανακοινώνει νέο σκάφος.');
    expect(before.body.spelling.map((s) => s.word)).toContain('Θαλασσόδρομος');

    const socket: Socket = ioClient(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token: member.token } });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const announced = new Promise<{ workspaceId: string }>((resolve) => socket.once('workspace:dictionary_changed', resolve));

    const added = await call<{ id: string; word: string }>(server.url, 'POST', `/api/organisations/${wsId}/dictionary`, { token: owner.token, body: { word: ' Θαλασσόδρομος ' } });
    expect(added.status).toBe(201);
    expect(added.body.word).toBe('Θαλασσόδρομος');
    expect(await announced).toEqual({ workspaceId: wsId });
    socket.close();
    // Again, in another case: the same word, not a second row.
    const again = await call(server.url, 'POST', `/api/organisations/${wsId}/dictionary`, { token: member.token, body: { word: 'ΘΑΛΑΣΣΟΔΡΟΜΟΣ' } });
    expect(again.status).toBe(200);
    const list = await call<{ words: { word: string; createdByName: string | null }[]; canEdit: boolean }>(server.url, 'GET', `/api/organisations/${wsId}/dictionary`, { token: member.token });
    expect(list.body.words.map((w) => w.word)).toEqual(['Θαλασσόδρομος']);
    expect(list.body.canEdit).toBe(true);
    const audit = (await server.ctx.db('audit_logs').where({ action_type: 'workspace_word.add', entity_id: wsId }).select('metadata', 'actor_user_id')) as {
      metadata: { organisation_id: string };
      actor_user_id: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: owner.id, metadata: { organisation_id: wsId } });

    // A reviewer reads the dictionary but may not change it.
    const asReviewer = await call<{ canEdit: boolean }>(server.url, 'GET', `/api/organisations/${wsId}/dictionary`, { token: reviewer.token });
    expect(asReviewer.status).toBe(200);
    expect(asReviewer.body.canEdit).toBe(false);
    const refused = await call<{ error: { code: string } }>(server.url, 'POST', `/api/organisations/${wsId}/dictionary`, { token: reviewer.token, body: { word: 'Κυκλάδες' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('role_forbidden');

    const after = await review(member.token, 'Η Θαλασσόδρομος ανακοινώνει νέο σκάφος. Η ΘΑΛΑΣΣΟΔΡΟΜΟΣ μεγαλώνει.');
    expect(after.body.spelling.map((s) => s.word)).not.toContain('Θαλασσόδρομος');
    expect(after.body.spelling.map((s) => s.word)).not.toContain('ΘΑΛΑΣΣΟΔΡΟΜΟΣ');

    // Outsiders neither read nor write it; a word must be letters.
    expect((await call(server.url, 'GET', `/api/organisations/${wsId}/dictionary`, { token: outsider.token })).status).toBe(404);
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', `/api/organisations/${wsId}/dictionary`, { token: owner.token, body: { word: 'δύο λέξεις' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('word');

    const id = (await server.ctx.db('organisation_words').where('organisation_id', wsId).first('id')) as { id: string };
    expect((await call(server.url, 'DELETE', `/api/organisations/${wsId}/dictionary/${id.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/organisations/${wsId}/dictionary/${id.id}`, { token: reviewer.token })).status).toBe(403);
    expect((await call(server.url, 'DELETE', `/api/organisations/${wsId}/dictionary/${id.id}`, { token: member.token })).status).toBe(204);
    expect((await call(server.url, 'DELETE', `/api/organisations/${wsId}/dictionary/${id.id}`, { token: member.token })).status).toBe(404);
    const removed = (await server.ctx.db('audit_logs').where({ action_type: 'workspace_word.remove', entity_id: wsId }).select('metadata')) as { metadata: { word: string } }[];
    expect(removed.map((r) => r.metadata.word)).toEqual(['Θαλασσόδρομος']);
    const flaggedAgain = await review(owner.token, 'Η Θαλασσόδρομος ανακοινώνει νέο σκάφος.');
    expect(flaggedAgain.body.spelling.map((s) => s.word)).toContain('Θαλασσόδρομος');
  });
});
