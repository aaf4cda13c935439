/**
 * One review never holds the event loop. A 1 KB body with a 500-letter word used to
 * hang the process for minutes (candidate generation on the main thread, no bound on the word).
 * Here it is answered while another client's /healthz probes keep completing meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReviewResponse } from '../../../../shared/schemas/assistant';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUpAndIn } from '../../test/http';

const TEXT = 'Η εταιρεία ανακοινώνει σήμερα νέα επένδυση στη Θεσσαλονίκη. Η λειτουργία ξεκινά τον Σεπτέμβριο.';
/** 500 Greek letters, vowel-heavy (the most sound-alike respellings: the worst case of the old speller). */
const LONG_WORD = 'επενδιοιυσηει'.repeat(40).slice(0, 500);

/** Real words with one letter doubled, each at another place: sixty distinct misspellings. */
const MISSPELT = Array.from({ length: 60 }, (_, k) => {
  const w = ['ανακοίνωση', 'επένδυση', 'λειτουργία', 'εταιρεία', 'Θεσσαλονίκη', 'Σεπτέμβριο'][k % 6]!;
  const at = 1 + (Math.floor(k / 6) % (w.length - 1));
  return w.slice(0, at) + w[at] + w.slice(at);
}).join(' ');

describe('a hostile review', () => {
  let server: TestServer;
  let token: string;
  let releaseId: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await signUpAndIn(server.url, 'attacker@review.test'));
    releaseId = (await call<{ id: string }>(server.url, 'POST', '/api/releases', { token })).body.id;
    // The speller's dictionary is read once (about a second): not what is measured here.
    const warm = await call(server.url, 'POST', '/api/assistant/review', { token, body: { releaseId, title: '', blocks: [{ type: 'paragraph', text: TEXT, links: [] }] } });
    expect(warm.status).toBe(200);
  }, 60_000);
  afterAll(async () => server?.stop());

  it('answers a 1 KB body with a 500-letter word while /healthz keeps answering during the review', async () => {
    // Three such bodies in a row (each word different: nothing cached helps), with another
    // client polling /healthz back to back meanwhile. Not a wall-clock budget (a loaded machine
    // moves every latency): the event loop is free when probes keep completing while a review is
    // in flight, and none of them waited through a good part of the reviews. A review on the
    // main thread would let none through (the old speller held it for minutes).
    const bodies = [0, 1, 2].map((k) => {
      const word = LONG_WORD.slice(k) + LONG_WORD.slice(0, k);
      return { word, body: { releaseId, title: '', blocks: [{ type: 'paragraph' as const, text: `Η εταιρεία ${word} ανακοινώνει.`, links: [] }] } };
    });
    expect(Buffer.byteLength(JSON.stringify(bodies[0]!.body))).toBeGreaterThan(1000);

    // The poller's connection and code are warm before it measures.
    for (let i = 0; i < 10; i++) await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    let reviewing = true;
    const probes: { start: number; end: number }[] = [];
    const poll = (async () => {
      while (reviewing) {
        const start = performance.now();
        const r = await fetch(`${server.url}/healthz`);
        await r.arrayBuffer();
        probes.push({ start, end: performance.now() });
      }
    })();

    const reviews: { start: number; end: number }[] = [];
    for (const { word, body } of bodies) {
      const start = performance.now();
      const r = await call<ReviewResponse>(server.url, 'POST', '/api/assistant/review', { token, body });
      reviews.push({ start, end: performance.now() });
      expect(r.status).toBe(200);
      // The long word is flagged, without corrections (words over 40 letters are never corrected).
      expect(r.body.spelling.find((s) => s.word === word)).toMatchObject({ kind: 'misspelt', suggestions: [] });
    }
    reviewing = false;
    await poll;
    const shown = probes.map((p) => (p.end - p.start).toFixed(0)).join(' ');
    for (const review of reviews) {
      const took = review.end - review.start;
      const inside = probes.filter((p) => p.start >= review.start && p.end <= review.end);
      expect(inside.length, `healthz answered during a review of ${took.toFixed(0)} ms; probes (ms): ${shown}`).toBeGreaterThanOrEqual(3);
      const longest = Math.max(...probes.filter((p) => p.end > review.start && p.start < review.end).map((p) => p.end - p.start));
      expect(longest, `the longest healthz wait during a review of ${took.toFixed(0)} ms; probes (ms): ${shown}`).toBeLessThan(took / 2);
    }

    // The process's own measure agrees: /readyz reports the event loop's delay.
    const ready = await call<{ checks: Record<string, Record<string, unknown>> }>(server.url, 'GET', '/readyz');
    expect(ready.body.checks.eventLoop).toMatchObject({ state: 'ok', p99Ms: expect.any(Number), maxMs: expect.any(Number) });
    // And the pool that did the work: idle again, nothing over budget.
    expect(ready.body.checks.workers).toMatchObject({ state: 'ok', busy: 0, queued: 0, timeouts: 0 });
  });

  it('answers a review over its budget 503 with the code timeout, not a hang', async () => {
    // The same warm thread, given a budget no review can meet: it is stopped and replaced, the request answered.
    const run = server.ctx.cpu.run.bind(server.ctx.cpu);
    const spy = vi.spyOn(server.ctx.cpu, 'run').mockImplementation((task, payload, o) => run(task, payload, { ...o, timeoutMs: 1 }));
    try {
      const t0 = performance.now();
      const r = await call<{ error: { code: string; message: string } }>(server.url, 'POST', '/api/assistant/review', {
        token,
        // Sixty misspellings not reviewed before, each needing corrections: tens of milliseconds
        // of work, which no thread finishes inside the 1 ms budget (the short text alone might).
        body: { releaseId, title: '', blocks: [{ type: 'paragraph', text: MISSPELT, links: [] }] },
      });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('timeout');
      expect(performance.now() - t0).toBeLessThan(2_000);
      expect(server.ctx.cpu.stats()).toMatchObject({ timeouts: 1 });
    } finally {
      spy.mockRestore();
    }
  });
});
