/**
 * The coach's review endpoint: p50/p99 of POST /api/assistant/review through HTTP
 * for the realistic releases of the assistant's test corpus and for hostile bodies (a 500-letter
 * word in 1 KB, five 20,000-letter words, 100,000 characters of distinct unknown words, a
 * maximum-size release), with the event-loop delay of the server's process (p99 and max,
 * measured by perf_hooks while each case runs) and the p99 of a /healthz probe polled
 * meanwhile. Reference: the same review computed in-process without the pool or HTTP
 * (review/compute.ts directly), the floor of what the endpoint can cost. Bounded: about a minute.
 *
 *   npx tsx bench/review.bench.ts            (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/review.bench.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ReviewBody } from '../shared/schemas/assistant';
import { loadCorpus } from '../server/src/modules/assistant/corpus/load';
import { computeReview, type ReviewInput } from '../server/src/modules/assistant/review/compute';
import { startTestServer } from '../server/src/test/app';
import { call, signUpAndIn } from '../server/src/test/http';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const LETTERS = 'αβγδεζηθικλμνξοπρστυφχψω';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((s.length * p) / 100) - 1))]!;
};
const f = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

type Blocks = ReviewBody['blocks'];
const para = (text: string): Blocks[number] => ({ type: 'paragraph', text, links: [] });

/** Distinct pseudo-words none of which is Greek (three letters from a counter): up to `chars` characters. */
function unknownWords(chars: number, from = 0): string {
  const out: string[] = [];
  let n = 0;
  for (let i = from; n < chars; i++) {
    const w = `ξζ${LETTERS[i % 24]}${LETTERS[Math.floor(i / 24) % 24]}${LETTERS[Math.floor(i / 576) % 24]}ψ`;
    out.push(w);
    n += w.length + 1;
  }
  return out.join(' ');
}

interface Case {
  name: string;
  /** Bodies to send in turn (each round takes the next: a cache of corrections helps only as it would in use). */
  bodies: { title: string; blocks: Blocks }[];
}

function cases(): Case[] {
  const corpus = loadCorpus();
  const vowels = 'επενδιοιυσηει';
  const longWord = (n: number, k: number) => (vowels.repeat(Math.ceil(n / vowels.length) + 1).slice(k, k + n));
  const corpusText = corpus.map((t) => t.doc.blocks.map((b) => b.text).join('\n\n')).join('\n\n');
  const maxBlocks: Blocks = [];
  for (let left = 100_000; left > 0; left -= 19_000) maxBlocks.push(para(corpusText.repeat(10).slice(0, Math.min(19_000, left))));
  return [
    { name: `realistic (${corpus.length} corpus releases)`, bodies: corpus.map((t) => ({ title: t.doc.title, blocks: t.doc.blocks })) },
    { name: 'one 500-letter word (1 KB)', bodies: Array.from({ length: ROUNDS }, (_, k) => ({ title: '', blocks: [para(`Η εταιρεία ${longWord(500, k)} ανακοινώνει.`)] })) },
    {
      name: 'five 20,000-letter words (100 KB)',
      bodies: Array.from({ length: ROUNDS }, (_, k) => ({ title: '', blocks: [0, 1, 2, 3, 4].map((j) => para(longWord(19_990, k + j))) })),
    },
    {
      name: '100,000 chars of distinct unknown words',
      bodies: Array.from({ length: ROUNDS }, (_, k) => ({
        title: '',
        blocks: [0, 1, 2, 3, 4, 5].map((j) => para(unknownWords(16_500, (k * 6 + j) * 2_400))),
      })),
    },
    { name: 'maximum-size release (100,000 chars of corpus text)', bodies: [{ title: corpus[0]!.doc.title, blocks: maxBlocks }] },
  ];
}

async function main(): Promise<void> {
  const server = await startTestServer();
  const { token } = await signUpAndIn(server.url, 'bench@review.bench');
  const releaseId = (await call<{ id: string }>(server.url, 'POST', '/api/releases', { token })).body.id;
  const review = async (body: Case['bodies'][number]) => {
    const t = performance.now();
    const r = await call<{ partial?: boolean; error?: { code: string } }>(server.url, 'POST', '/api/assistant/review', { token, body: { releaseId, ...body } });
    return { ms: performance.now() - t, status: r.status, partial: Boolean(r.body.partial) };
  };
  // Warm-up: the pool's thread starts and reads the dictionary (not measured).
  const warm = await review({ title: '', blocks: [para('Η εταιρεία ανακοινώνει.')] });
  if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status}`);

  const measured: { c: Case; n: number; cells: string }[] = [];
  for (const c of cases()) {
    const n = Math.max(ROUNDS, c.bodies.length);
    // Through HTTP and the pool, with /healthz polled back to back and the loop's delay measured.
    const eld = monitorEventLoopDelay({ resolution: 5 });
    let running = true;
    const probes: number[] = [];
    const poll = (async () => {
      while (running) {
        const t = performance.now();
        try {
          await (await fetch(`${server.url}/healthz`)).arrayBuffer();
          probes.push(performance.now() - t);
        } catch {
          // A kept-alive connection the server closed while the in-process reference held this loop: try again.
        }
      }
    })();
    eld.enable();
    const times: number[] = [];
    const statuses = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const r = await review(c.bodies[i % c.bodies.length]!);
      times.push(r.ms);
      const key = `${r.status}${r.partial ? ' partial' : ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    eld.disable();
    running = false;
    await poll;
    const delay = (ns: number) => Math.max(0, ns / 1e6 - 5);
    measured.push({
      c,
      n,
      cells: `${[...statuses].map(([k, v]) => `${v}× ${k}`).join(', ')} | ${f(pct(times, 50))} / ${f(pct(times, 99))} | ${f(delay(eld.percentile(99)))} / ${f(delay(eld.max))} | ${f(pct(probes, 99))} (${probes.length})`,
    });
    console.log(c.name, measured.at(-1)!.cells);
  }
  const threads = server.ctx.cpu.stats().threads;
  await server.stop();

  // The floor: the same computation in this process, no pool, no HTTP, no database (after the
  // server stopped: it holds this loop, which would cut the server's kept-alive connections).
  const context: ReviewInput['context'] = { organization: { name: 'Bench Α.Ε.', website: null, description: null }, contact: null, publicUrl: 'http://localhost', newsroomSlug: null };
  await computeReview({ doc: { title: '', blocks: [para('Η εταιρεία ανακοινώνει.')] }, ownWords: [], context, today: new Date().toISOString() }); // reads the dictionary
  const rows: string[] = [];
  for (const { c, n, cells } of measured) {
    const bare: number[] = [];
    for (let i = 0; i < n; i++) {
      const b = c.bodies[i % c.bodies.length]!;
      const t = performance.now();
      await computeReview({ doc: { title: b.title, blocks: b.blocks }, ownWords: [], context, today: new Date().toISOString() });
      bare.push(performance.now() - t);
    }
    rows.push(`| ${c.name} | ${n} | ${cells} | ${f(pct(bare, 50))} / ${f(pct(bare, 99))} |`);
  }
  console.log(
    [
      '',
      `review endpoint (${process.env.DATABASE_URL ? 'postgres' : 'embedded'}, ${threads} pool thread(s)):`,
      '| case | reviews | answers | HTTP p50 / p99 ms | event-loop delay p99 / max ms | /healthz p99 ms (probes) | in-process, no pool: p50 / p99 ms |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
}

await main();
