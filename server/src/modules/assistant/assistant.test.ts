import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { builtinAssistant } from './builtin';
import { cleanUp, keyPhrases, namedEntities, placePhrase, shorten, splitSentences, topicPhrase } from './greek-text';
import { remoteAssistant } from './remote';

const TEXT = `Η Αιγαίο Τεχνολογίες Α.Ε. ανακοινώνει τη λειτουργία νέου κέντρου δεδομένων στη Θεσσαλονίκη. Το κέντρο δεδομένων θα εξυπηρετεί επιχειρήσεις της Βόρειας Ελλάδας με υπηρεσίες cloud.

Η επένδυση ανέρχεται σε 12 εκατομμύρια ευρώ και δημιουργεί 80 νέες θέσεις εργασίας. Η Αιγαίο Τεχνολογίες συνεργάζεται με το Αριστοτέλειο Πανεπιστήμιο για την εκπαίδευση των νέων μηχανικών.

Ο διευθύνων σύμβουλος δήλωσε ότι το κέντρο δεδομένων είναι το μεγαλύτερο της περιοχής. Η λειτουργία ξεκινά τον Σεπτέμβριο.`;

const logger = createLogger({ logLevel: 'silent', env: 'test' });

describe('Greek text tools', () => {
  it('splits sentences on Greek punctuation and keeps abbreviations whole', () => {
    const s = splitSentences('Η Αιγαίο Α.Ε. ανακοινώνει. Τι σημαίνει; Πολλά!');
    expect(s.map((x) => x.text)).toEqual(['Η Αιγαίο Α.Ε. ανακοινώνει.', 'Τι σημαίνει;', 'Πολλά!']);
  });

  it('cleans spacing, quotes, ellipsis, the question mark and repeated words', () => {
    expect(cleanUp('η εταιρεία  ανακοινώνει το το νέο "Νηρηίδα" ,σήμερα...Τι άλλο?')).toBe(
      'Η εταιρεία ανακοινώνει το νέο «Νηρηίδα», σήμερα… Τι άλλο;',
    );
    expect(cleanUp('Πρώτη παράγραφος.\n\n\nδεύτερη  παράγραφος')).toBe('Πρώτη παράγραφος.\n\nΔεύτερη παράγραφος');
  });

  it('finds names, the topic, the place, and never ends a short title on a function word', () => {
    expect(namedEntities(TEXT, 1)).toEqual(['Αιγαίο Τεχνολογίες']);
    expect(topicPhrase(TEXT)).toBe('κέντρο δεδομένων');
    expect(placePhrase(TEXT)).toBe('στη Θεσσαλονίκη');
    expect(shorten('Ο διευθύνων σύμβουλος δήλωσε ότι το κέντρο δεδομένων είναι το μεγαλύτερο της περιοχής', 9)).toBe('Ο διευθύνων σύμβουλος δήλωσε ότι το κέντρο δεδομένων');
  });

  it('finds key phrases, preferring names', () => {
    const phrases = keyPhrases(TEXT, 4);
    expect(phrases.some((p) => /Αιγαίο/.test(p))).toBe(true);
    expect(phrases.some((p) => /δεδομένων|κέντρ/i.test(p))).toBe(true);
  });
});

describe('built-in assistant', () => {
  it('returns three distinct titles, an extractive summary and the cleaned text', async () => {
    const s = await builtinAssistant.suggest({ title: '', text: TEXT });
    expect(s.source).toBe('builtin');
    expect(s.titles).toHaveLength(3);
    expect(new Set(s.titles).size).toBe(3);
    for (const t of s.titles) expect(t.split(/\s+/).length).toBeLessThanOrEqual(16);
    // Every summary sentence is a sentence of the text (extractive), and the lead is in it.
    for (const sentence of splitSentences(s.summary)) expect(TEXT).toContain(sentence.text);
    expect(s.summary).toContain('νέου κέντρου δεδομένων στη Θεσσαλονίκη');
    expect(s.improved.split('\n\n')).toHaveLength(3);
  });

  it('depends on the content: other text, other suggestions', async () => {
    const a = await builtinAssistant.suggest({ title: '', text: TEXT });
    const b = await builtinAssistant.suggest({ title: '', text: 'Ο Δήμος Αθηναίων διοργανώνει φεστιβάλ βιβλίου στο Σύνταγμα. Το φεστιβάλ διαρκεί δέκα ημέρες.' });
    expect(b.titles).not.toEqual(a.titles);
    expect(b.summary).toContain('φεστιβάλ');
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
      return { choices: [{ message: { content: JSON.stringify({ titles: ['Α', 'Β', 'Γ'], summary: 'Περίληψη', improved: 'Κείμενο' }) } }] };
    });
    const s = await remoteAssistant({ baseUrl: url, apiKey: 'k', model: 'm' }, builtinAssistant, logger).suggest({ title: 'Τ', text: TEXT });
    expect(s).toEqual({ titles: ['Α', 'Β', 'Γ'], summary: 'Περίληψη', improved: 'Κείμενο', source: 'remote' });
    expect(seen).toContain('κέντρου δεδομένων');
  });

  it('falls back to the built-in assistant when the endpoint fails or answers nonsense', async () => {
    const down = await fakeAi(() => ({ error: 'overloaded' }), 503);
    expect((await remoteAssistant({ baseUrl: down, apiKey: undefined, model: 'm' }, builtinAssistant, logger).suggest({ title: '', text: TEXT })).source).toBe('builtin');
    const junk = await fakeAi(() => ({ choices: [{ message: { content: 'not json' } }] }));
    expect((await remoteAssistant({ baseUrl: junk, apiKey: undefined, model: 'm' }, builtinAssistant, logger).suggest({ title: '', text: TEXT })).source).toBe('builtin');
  });
});

describe('POST /api/assistant/suggestions', () => {
  let server: TestServer;
  afterAll(async () => server?.stop());

  it('answers for the actual content, and refuses empty content with a clear 400', async () => {
    server = await startTestServer();
    await signUp(server.url, 'writer@assistant.test', 'client');
    const { access_token: token } = await signIn(server.url, 'writer@assistant.test');
    const ok = await call<{ titles: string[] }>(server.url, 'POST', '/api/assistant/suggestions', { token, body: { title: '', text: TEXT } });
    expect(ok.status).toBe(200);
    expect(ok.body.titles).toHaveLength(3);
    const empty = await call<{ error: { code: string } }>(server.url, 'POST', '/api/assistant/suggestions', { token, body: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('empty_content');
  });
});
