import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { RENDER_ERRORS } from '../../../shared/editor/collab-protocol';
import { seedFields } from '../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { createLogger } from '../logger';
import { deriveContent } from './derive';
import { docFromJson, paragraphsToJson } from './render';
import { threadRenderer } from './render-thread';

function release(paragraphs: string[]): Y.Doc {
  const doc = docFromJson(paragraphsToJson(paragraphs));
  seedFields(doc, { title: 'Νέο κέντρο δεδομένων', category: 'tech', mediaLists: ['tech'] });
  return doc;
}

/** Renders, and checks the thread answered it (not the calling thread). */
async function renderOnThread(renderer: ReturnType<typeof threadRenderer>, doc: Y.Doc) {
  const before = renderer.counts().thread;
  const derived = await renderer.render(doc);
  expect(renderer.counts().thread).toBe(before + 1);
  return derived;
}

describe('threadRenderer', () => {
  const renderer = threadRenderer(createLogger({ logLevel: 'silent', env: 'test' }));
  afterAll(() => renderer.close());

  it('renders on a worker thread what the event loop would: sanitized HTML, text and fields', async () => {
    const doc = release(['Η εταιρεία εγκαινιάζει νέο κέντρο δεδομένων.', 'Δεύτερη <παράγραφος> & σύμβολα.']);
    const derived = await renderOnThread(renderer, doc);
    expect(derived).toEqual(deriveContent(doc));
    expect(derived).toMatchObject({ ok: true, fields: { title: 'Νέο κέντρο δεδομένων', category: 'tech', mediaLists: ['tech'] } });
    expect(derived.ok && derived.html).toContain('<p>Δεύτερη &lt;παράγραφος&gt; &amp; σύμβολα.</p>');
    // The first render waited for the thread to start rather than block the event loop.
    expect(renderer.counts()).toEqual({ thread: 1, inline: 0 });
  });

  it('answers a document outside the editor schema with the Greek reason, as the event loop would', async () => {
    const doc = release(['Κείμενο']);
    doc.getXmlFragment(CONTENT_FIELD).push([new Y.XmlElement('script')]);
    const derived = await renderOnThread(renderer, doc);
    expect(derived).toEqual({ ok: false, reason: RENDER_ERRORS.invalid });
  });

  it('renders the state as it was when asked, not as it is when the thread answers', async () => {
    const doc = release(['Πρώτη εκδοχή']);
    await renderOnThread(renderer, doc);
    const asked = renderer.render(doc);
    doc.getText('title').insert(0, 'ΑΡΓΟΤΕΡΑ ');
    expect(await asked).toMatchObject({ ok: true, fields: { title: 'Νέο κέντρο δεδομένων' } });
  });

  it('after close, renders what is asked on the calling thread', async () => {
    const other = threadRenderer(createLogger({ logLevel: 'silent', env: 'test' }));
    await renderOnThread(other, release(['α']));
    await other.close();
    const inline = other.counts().inline;
    expect(await other.render(release(['β']))).toMatchObject({ ok: true, text: 'β' });
    expect(other.counts().inline).toBe(inline + 1);
  });
});

describe('threadRenderer: a render that hangs or kills the thread', () => {
  const titled = (title: string) => {
    const doc = release(['Κείμενο']);
    const t = doc.getText('title');
    t.delete(0, t.length);
    t.insert(0, title);
    return doc;
  };
  const BUDGET_MS = 300;
  const renderer = threadRenderer(createLogger({ logLevel: 'silent', env: 'test' }), {
    budgetMs: BUDGET_MS,
    workerSource: './render-thread.fixture-worker.ts',
  });
  // The budget and the restart delay run on the test's clock: a render is past its budget when the
  // test moves the clock past it, never because a busy machine was slow to answer.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => renderer.close());
  /** The new thread starts a second after the old one died (so one that dies at once does not spin). */
  const restartDelay = () => vi.advanceTimersByTimeAsync(1_000);

  it('answers failed past its budget and replaces the thread, never rendering on the event loop', async () => {
    await renderOnThread(renderer, titled('ok'));
    const hung = renderer.render(titled('hang'));
    await vi.advanceTimersByTimeAsync(BUDGET_MS);
    expect(await hung).toEqual({ ok: false, reason: RENDER_ERRORS.failed });
    // What is asked while the new thread starts waits for it rather than run here.
    const next = renderer.render(titled('ok'));
    await restartDelay();
    expect(await next).toMatchObject({ ok: true, fields: { title: 'ok' } });
    expect(renderer.counts().inline).toBe(0);
  });

  it('answers failed for what a dying thread held, and renders the next on a new thread', async () => {
    const crashed = await renderer.render(titled('crash'));
    expect(crashed).toEqual({ ok: false, reason: RENDER_ERRORS.failed });
    const next = renderer.render(titled('ok'));
    await restartDelay();
    expect(await next).toMatchObject({ ok: true });
    expect(renderer.counts().inline).toBe(0);
  });
});
