import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsroomSettings, SlugAvailability } from '../../../../shared/schemas/newsroom';
import type { ClientReport } from '../../../../shared/schemas/reports';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUpAndIn } from '../../test/http';
import { until } from '../../test/wait';
import { removeRelease, sendRelease } from '../releases/releases.lifecycle';
import { newsroomOf } from './newsroom.pages';
import { countPublicReleases } from './newsroom.repo';

const PUBLIC_URL = 'https://deltio.example.gr';
const HOUR = 3_600_000;

let server: TestServer;
let owner: { id: string; token: string };
let other: { id: string; token: string };
let journalist: { id: string; token: string };
let ownerOrg: string;
let otherOrg: string;

const db = () => server.ctx.db;

/** The organisation a client signed up with (they own it). */
async function orgOf(userId: string): Promise<string> {
  return ((await db()('organisation_members').where({ user_id: userId, role: 'owner' }).first('organisation_id')) as { organisation_id: string })
    .organisation_id;
}

/** A new client who joins `organisationId` with `role` (as an accepted invitation leaves them) and works in it. */
async function member(email: string, organisationId: string, role: string): Promise<{ id: string; token: string }> {
  const u = await signUpAndIn(server.url, email);
  await db()('organisation_members').insert({ organisation_id: organisationId, user_id: u.id, role });
  await db()('profiles').where('user_id', u.id).update({ status: 'approved', active_organisation_id: organisationId });
  return u;
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  owner = await signUpAndIn(server.url, 'grafeio@newsroom.test');
  other = await signUpAndIn(server.url, 'allos@newsroom.test');
  journalist = await signUpAndIn(server.url, 'reporter@newsroom.test', 'media');
  await db()('profiles').whereIn('user_id', [owner.id, other.id, journalist.id]).update({ status: 'approved' });
  ownerOrg = await orgOf(owner.id);
  otherOrg = await orgOf(other.id);
  await db()('organisations').whereIn('id', [ownerOrg, otherOrg]).update({ status: 'approved' });
  await db()('organisations').where('id', ownerOrg).update({ name: 'Αθηναϊκή Ζυθοποιία <Α.Ε.>' });
  await db()('media_lists').insert({ category: 'tech', media_id: journalist.id });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** A release written by `clientId` in their organisation, inserted as a draft (no live document: what the row says is sent). */
async function draft(clientId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const organisationId = (extra.organisation_id as string | undefined) ?? (await orgOf(clientId));
  const [row] = (await db()('press_releases')
    .insert({
      title,
      content: `<p>Κείμενο του «${title}» με <a href="https://example.gr">σύνδεσμο</a>.</p>`,
      content_text: `Κείμενο του «${title}» με σύνδεσμο.`,
      category: 'tech',
      media_list_categories: ['tech'],
      author_id: clientId,
      organisation_id: organisationId,
      edited_at: new Date(),
      ...extra,
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

async function sent(clientId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await draft(clientId, title, extra);
  await sendRelease(server.ctx, id, { actor: null, baseUrl: server.url, fromScheduled: false });
  return id;
}

async function slugOf(releaseId: string): Promise<string> {
  return ((await db()('release_sent_versions').where('press_release_id', releaseId).first('slug')) as { slug: string }).slug;
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

// ------------------------------------------------------------------ HTML and XML checks

const html = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  unpairedTags: ['meta', 'link', 'br', 'img', 'hr', 'input'],
  stopNodes: ['*.script', '*.style'],
  processEntities: true,
  htmlEntities: true,
});

interface Head {
  title: string;
  canonical: string | undefined;
  meta: Record<string, string>;
  feed: string | undefined;
}

/** The page's <head>, read by a real parser (which also refuses a page whose tags do not nest). */
function headOf(page: string): Head {
  const body = page.replace(/^<!doctype html>\s*/i, '');
  // Script bodies are JavaScript, not markup: the validator checks everything else.
  const markup = body.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2');
  expect(XMLValidator.validate(markup, { unpairedTags: ['meta', 'link', 'br', 'img', 'hr', 'input'] })).toBe(true);
  const doc = html.parse(body) as { html: { lang: string; head: { title: string; meta: Record<string, string>[]; link: Record<string, string>[] } } };
  expect(doc.html.lang).toBe('el');
  const meta: Record<string, string> = {};
  for (const m of doc.html.head.meta) if (m.content !== undefined) meta[m.property ?? m.name ?? ''] = m.content;
  const links = doc.html.head.link;
  return {
    title: String(doc.html.head.title),
    canonical: links.find((l) => l.rel === 'canonical')?.href,
    meta,
    feed: links.find((l) => l.rel === 'alternate' && l.type === 'application/atom+xml')?.href,
  };
}

/** Title, description, canonical (from PUBLIC_URL) and the Open Graph tags every page carries. */
function expectSeo(h: Head, canonical: string): void {
  expect(h.title.length).toBeGreaterThan(0);
  expect(h.canonical).toBe(canonical);
  expect(h.meta.description?.length).toBeGreaterThan(0);
  expect(h.meta['og:title']).toBe(h.title);
  expect(h.meta['og:description']).toBe(h.meta.description);
  expect(h.meta['og:url']).toBe(canonical);
  expect(['website', 'article']).toContain(h.meta['og:type']);
  expect(h.meta['og:site_name']).toBe('Deltio');
  expect(h.meta['og:locale']).toBe('el_GR');
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'url'].includes(name) });

interface AtomEntry {
  id: string;
  title: { '#text': string };
  updated: string;
  published: string;
  link: { '@rel': string; '@href': string }[];
  content: { '#text': string; '@type': string };
}

async function feedOf(slug: string): Promise<{ feed: Record<string, unknown> & { entry?: AtomEntry[] } }> {
  const res = await get(`/newsroom/${slug}/feed.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return xml.parse(text) as { feed: Record<string, unknown> & { entry?: AtomEntry[] } };
}

async function sitemapLocs(): Promise<string[]> {
  const res = await get('/sitemap.xml');
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = xml.parse(text) as { urlset: { '@xmlns': string; url: { loc: string }[] } };
  expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return doc.urlset.url.map((u) => u.loc);
}

// ------------------------------------------------------------------ settings

describe('newsroom settings', () => {
  it('proposes an address from the company name, transliterated from Greek, until one is saved', async () => {
    const r = await call<NewsroomSettings>(server.url, 'GET', '/api/newsroom/settings', { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ newsroom_slug: null, suggested_slug: 'athinaiki-zythopoiia-a-e', newsroom_enabled: true, url: null, public_releases: 0 });
  });

  it('saves the address, the switch, the «Σχετικά με» text and the press contact; an address is one organisation’s', async () => {
    const body = {
      newsroom_slug: 'athinaiki-zythopoiia',
      newsroom_enabled: true,
      boilerplate: 'Η Αθηναϊκή Ζυθοποιία φτιάχνει μπίρα από το 1963.\nΈδρα: Αθήνα.',
      press_contact_name: 'Ελένη Παπαδοπούλου',
      press_contact_email: 'Press@Zythos.GR',
      press_contact_phone: '+30 210 123 4567',
    };
    const saved = await call<NewsroomSettings>(server.url, 'PUT', '/api/newsroom/settings', { token: owner.token, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...body, press_contact_email: 'press@zythos.gr', url: `${PUBLIC_URL}/newsroom/athinaiki-zythopoiia` });
    const row = await db()('organisations').where('id', ownerOrg).first('newsroom_slug', 'boilerplate', 'press_contact_name', 'press_contact_email', 'press_contact_phone');
    expect(row).toMatchObject({ newsroom_slug: 'athinaiki-zythopoiia', press_contact_email: 'press@zythos.gr' });

    const mine = await call<SlugAvailability>(server.url, 'GET', '/api/newsroom/slug-availability?slug=athinaiki-zythopoiia', { token: owner.token });
    expect(mine.body).toEqual({ slug: 'athinaiki-zythopoiia', available: true, message: null });
    const theirs = await call<SlugAvailability>(server.url, 'GET', '/api/newsroom/slug-availability?slug=athinaiki-zythopoiia', { token: other.token });
    expect(theirs.body).toMatchObject({ available: false, message: 'Η διεύθυνση χρησιμοποιείται ήδη από άλλον οργανισμό. Επιλέξτε μια άλλη.' });
    const taken = await call<{ error: { code: string; message: string; fields: Record<string, string> } }>(server.url, 'PUT', '/api/newsroom/settings', {
      token: other.token,
      body: { ...body, newsroom_slug: 'athinaiki-zythopoiia' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'slug_taken', fields: { newsroom_slug: 'Η διεύθυνση χρησιμοποιείται ήδη από άλλον οργανισμό. Επιλέξτε μια άλλη.' } });
  });

  it('refuses a malformed address with the Greek message, in the check and on save', async () => {
    for (const slug of ['Αθηνα', 'ab', 'athina--nea', 'athina.gr', 'Athina']) {
      const r = await call<SlugAvailability>(server.url, 'GET', `/api/newsroom/slug-availability?slug=${encodeURIComponent(slug)}`, { token: other.token });
      expect(r.body.available).toBe(false);
      expect(r.body.message).toMatch(/^Η διεύθυνση πρέπει να έχει 3 έως 60 χαρακτήρες/);
    }
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'PUT', '/api/newsroom/settings', {
      token: other.token,
      body: { newsroom_slug: 'Αθήνα', newsroom_enabled: true, boilerplate: '', press_contact_name: '', press_contact_email: 'όχι-email', press_contact_phone: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['newsroom_slug', 'press_contact_email', 'press_contact_phone']);
    expect(bad.body.error.fields.press_contact_email).toBe('Παρακαλώ εισάγετε έγκυρη διεύθυνση email');
  });

  it('keeps reserved addresses and the product\u2019s name for nobody, and proposes none of them', async () => {
    const settings = { newsroom_enabled: true, boilerplate: '', press_contact_name: '', press_contact_email: '', press_contact_phone: '' };
    for (const slug of ['deltio', 'deltio-official', 'episimo-deltio-gr', 'admin', 'api', 'newsroom', 'www', 'support']) {
      const check = await call<SlugAvailability>(server.url, 'GET', `/api/newsroom/slug-availability?slug=${slug}`, { token: other.token });
      expect(check.body, slug).toEqual({ slug, available: false, message: 'Η διεύθυνση αυτή δεν είναι διαθέσιμη. Επιλέξτε μια άλλη.' });
      const save = await call<{ error: { code: string; fields: Record<string, string> } }>(server.url, 'PUT', '/api/newsroom/settings', {
        token: other.token,
        body: { ...settings, newsroom_slug: slug },
      });
      expect(save.status, slug).toBe(409);
      expect(save.body.error.code).toBe('slug_reserved');
    }
    // A word that merely contains the name is not the name.
    const free = await call<SlugAvailability>(server.url, 'GET', '/api/newsroom/slug-availability?slug=deltiografos', { token: other.token });
    expect(free.body.available).toBe(true);
    // A company called «Deltio» is proposed an address without the product's name.
    const { name } = (await db()('organisations').where('id', otherOrg).first('name')) as { name: string };
    await db()('organisations').where('id', otherOrg).update({ name: 'Deltio' });
    const proposed = await call<NewsroomSettings>(server.url, 'GET', '/api/newsroom/settings', { token: other.token });
    expect(proposed.body.suggested_slug).toBe('newsroom-2');
    await db()('organisations').where('id', otherOrg).update({ name });
  });

  it('lets only an approved organisation claim an address', async () => {
    const pending = await signUpAndIn(server.url, 'anamoni@newsroom.test');
    await db()('profiles').where('user_id', pending.id).update({ status: 'pending' });
    await db()('organisations').where('id', await orgOf(pending.id)).update({ status: 'pending' });
    const check = await call<SlugAvailability>(server.url, 'GET', '/api/newsroom/slug-availability?slug=kapoia-etaireia', { token: pending.token });
    expect(check.body).toMatchObject({ available: false, message: 'Η διεύθυνση του newsroom ορίζεται μόλις εγκριθεί ο λογαριασμός σας.' });
    const save = await call<{ error: { code: string } }>(server.url, 'PUT', '/api/newsroom/settings', {
      token: pending.token,
      body: { newsroom_slug: 'kapoia-etaireia', newsroom_enabled: true, boilerplate: '', press_contact_name: '', press_contact_email: '', press_contact_phone: '' },
    });
    expect(save.status).toBe(403);
    expect(save.body.error.code).toBe('account_not_approved');
    expect((await db()('organisations').where('id', await orgOf(pending.id)).first('newsroom_slug')).newsroom_slug).toBeNull();
  });
});

// ------------------------------------------------------------------ pages, feed, sitemap

describe('the public newsroom', () => {
  const ids = {} as Record<'first' | 'second' | 'same' | 'draft' | 'scheduled' | 'archived' | 'embargoed' | 'foreign', string>;
  const base = `${PUBLIC_URL}/newsroom/athinaiki-zythopoiia`;

  beforeAll(async () => {
    ids.first = await sent(owner.id, 'Νέα μπίρα για το καλοκαίρι');
    ids.second = await sent(owner.id, 'Επένδυση 5 εκατ. ευρώ στη Θεσσαλονίκη');
    ids.same = await sent(owner.id, 'Νέα μπίρα για το καλοκαίρι');
    ids.draft = await draft(owner.id, 'Πρόχειρο που δεν στάλθηκε');
    ids.scheduled = await draft(owner.id, 'Προγραμματισμένο', { status: 'scheduled', scheduled_at: new Date(Date.now() + 24 * HOUR) });
    ids.archived = await sent(owner.id, 'Αρχειοθετημένο δελτίο');
    await removeRelease(server.ctx, { userId: owner.id, email: 'grafeio@newsroom.test', role: 'client' }, ids.archived, () => true);
    ids.embargoed = await sent(owner.id, 'Αποτελέσματα υπό εμβάργκο', { embargo_until: new Date(Date.now() + 2 * HOUR) });
    ids.foreign = await sent(other.id, 'Δελτίο άλλου οργανισμού');
  });

  it('counts for its pager exactly the releases it shows: not archived, embargoed, draft or another organisation’s', async () => {
    const now = new Date();
    const shown = (await db()
      .raw(
        `select count(*)::int as n from release_sent_versions v join press_releases p on p.id = v.press_release_id
          where v.organisation_id = ? and p.status = 'sent' and v.slug is not null and (v.embargo_until is null or v.embargo_until <= ?)`,
        [ownerOrg, now],
      )
      .then((r: { rows: { n: number }[] }) => r.rows[0]!.n)) as number;
    expect(shown).toBe(3);
    expect(await countPublicReleases(db(), ownerOrg, now)).toBe(3);
    // Once the embargo lifts it counts too.
    expect(await countPublicReleases(db(), ownerOrg, new Date(Date.now() + 3 * HOUR))).toBe(4);
  });

  it('gives each sent release a stable address from its title, unique in its newsroom', async () => {
    expect(await slugOf(ids.first)).toBe('nea-bira-gia-to-kalokairi');
    expect(await slugOf(ids.same)).toBe('nea-bira-gia-to-kalokairi-2');
    expect(await slugOf(ids.second)).toBe('ependysi-5-ekat-evro-sti-thessaloniki');
    // The other organisation got a newsroom at its first send, from its company name.
    const theirs = (await db()('organisations').where('id', otherOrg).first('newsroom_slug')) as { newsroom_slug: string };
    expect(theirs.newsroom_slug).toBe('test-org');
    // A later rename changes no address.
    await db()('press_releases').where('id', ids.first).update({ title: 'Άλλος τίτλος' });
    expect(await slugOf(ids.first)).toBe('nea-bira-gia-to-kalokairi');
  });

  it('lists sent releases newest first, never drafts, scheduled, archived or embargoed ones', async () => {
    const res = await get('/newsroom/athinaiki-zythopoiia');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    const titles = [...page.matchAll(/<a class="title" href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(titles).toEqual([
      [`${base}/nea-bira-gia-to-kalokairi-2`, 'Νέα μπίρα για το καλοκαίρι'],
      [`${base}/ependysi-5-ekat-evro-sti-thessaloniki`, 'Επένδυση 5 εκατ. ευρώ στη Θεσσαλονίκη'],
      [`${base}/nea-bira-gia-to-kalokairi`, 'Νέα μπίρα για το καλοκαίρι'],
    ]);
    for (const hidden of ['Πρόχειρο', 'Προγραμματισμένο', 'Αρχειοθετημένο', 'εμβάργκο', 'άλλου οργανισμού']) expect(page).not.toContain(hidden);
    // The organisation: its name (escaped), «Σχετικά με» and press contact.
    expect(page).toContain('Αθηναϊκή Ζυθοποιία &lt;Α.Ε.&gt;');
    expect(page).not.toContain('<Α.Ε.>');
    expect(page).toContain('Η Αθηναϊκή Ζυθοποιία φτιάχνει μπίρα από το 1963.');
    expect(page).toContain('Ελένη Παπαδοπούλου');
    expect(page).toContain('href="mailto:press@zythos.gr"');
    const h = headOf(page);
    expectSeo(h, base);
    expect(h.feed).toBe(`${base}/feed.xml`);
  });

  it('serves each public release at its address with canonical and Open Graph tags; the rest are a Greek 404', async () => {
    const res = await get('/newsroom/athinaiki-zythopoiia/ependysi-5-ekat-evro-sti-thessaloniki', { host: 'evil.example' });
    expect(res.status).toBe(200);
    const page = await res.text();
    const h = headOf(page);
    expectSeo(h, `${base}/ependysi-5-ekat-evro-sti-thessaloniki`);
    expect(h.meta['og:type']).toBe('article');
    expect(h.meta['article:published_time']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(h.title).toBe('Επένδυση 5 εκατ. ευρώ στη Θεσσαλονίκη | Αθηναϊκή Ζυθοποιία <Α.Ε.>');
    expect(page).toContain('<a href="https://example.gr">σύνδεσμο</a>');
    expect(page).not.toContain('evil.example');

    const archivedSlug = await slugOf(ids.archived);
    const embargoedSlug = await slugOf(ids.embargoed);
    const foreignSlug = await slugOf(ids.foreign);
    for (const path of [
      '/newsroom/den-yparxei',
      `/newsroom/athinaiki-zythopoiia/${archivedSlug}`,
      `/newsroom/athinaiki-zythopoiia/${embargoedSlug}`,
      `/newsroom/athinaiki-zythopoiia/${foreignSlug}`,
      '/newsroom/athinaiki-zythopoiia/proxeiro-pou-den-stalthike',
      '/newsroom/athinaiki-zythopoiia?page=9',
      '/newsroom/ATHINAIKI',
      '/newsroom/den-yparxei/feed.xml',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      const text = await r.text();
      expect(text).toContain('Η σελίδα δεν βρέθηκε');
      expect(headOf(text).meta.robots).toBe('noindex');
    }
  });

  it('has a valid Atom feed of the public releases, newest first', async () => {
    const { feed } = await feedOf('athinaiki-zythopoiia');
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(base);
    expect((feed.title as { '#text': string })['#text']).toBe('Αθηναϊκή Ζυθοποιία <Α.Ε.>: δελτία τύπου');
    expect(Date.parse(feed.updated as string)).not.toBeNaN();
    expect((feed.author as { name: string }).name).toBe('Αθηναϊκή Ζυθοποιία <Α.Ε.>');
    const links = feed.link as unknown as { '@rel': string; '@href': string }[];
    expect(links.find((l) => l['@rel'] === 'self')?.['@href']).toBe(`${base}/feed.xml`);
    const entries = feed.entry!;
    expect(entries.map((e) => e.id)).toEqual([
      `${base}/nea-bira-gia-to-kalokairi-2`,
      `${base}/ependysi-5-ekat-evro-sti-thessaloniki`,
      `${base}/nea-bira-gia-to-kalokairi`,
    ]);
    for (const e of entries) {
      expect(e.title['#text'].length).toBeGreaterThan(0);
      expect(Date.parse(e.updated)).not.toBeNaN();
      expect(e.link.find((l) => l['@rel'] === 'alternate')?.['@href']).toBe(e.id);
      expect(e.content['@type']).toBe('html');
      expect(e.content['#text']).toContain('<p>Κείμενο');
    }
  });

  it('lists the newsroom on /newsroom and in the sitemap with its public releases only', async () => {
    const res = await get('/newsroom');
    expect(res.status).toBe(200);
    const page = await res.text();
    expectSeo(headOf(page), `${PUBLIC_URL}/newsroom`);
    expect(page).toContain(`href="${base}"`);
    expect(page).toContain(`href="${PUBLIC_URL}/newsroom/test-org"`);
    expect(page).toContain('3 δελτία τύπου');

    const locs = await sitemapLocs();
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/pricing`);
    expect(locs).toContain(`${PUBLIC_URL}/newsroom`);
    expect(locs).toContain(base);
    expect(locs).toContain(`${base}/nea-bira-gia-to-kalokairi`);
    for (const id of [ids.archived, ids.embargoed]) expect(locs).not.toContain(`${base}/${await slugOf(id)}`);
    expect(locs.filter((l) => /\/(client|media|superadmin|login|signup)(\/|$)/.test(l))).toEqual([]);
  });

  it('disappears everywhere when its organisation turns it off, and comes back when turned on', async () => {
    const settings = (await call<NewsroomSettings>(server.url, 'GET', '/api/newsroom/settings', { token: owner.token })).body;
    const body = { ...settings, newsroom_enabled: false } as Record<string, unknown>;
    for (const k of ['suggested_slug', 'url', 'public_releases']) delete body[k];
    expect((await call(server.url, 'PUT', '/api/newsroom/settings', { token: owner.token, body })).status).toBe(200);
    expect((await get('/newsroom/athinaiki-zythopoiia')).status).toBe(404);
    expect((await get('/newsroom/athinaiki-zythopoiia/nea-bira-gia-to-kalokairi')).status).toBe(404);
    expect((await get('/newsroom/athinaiki-zythopoiia/feed.xml')).status).toBe(404);
    expect(await get('/newsroom').then((r) => r.text())).not.toContain(`href="${base}"`);
    expect(await sitemapLocs()).not.toContain(base);
    expect((await call(server.url, 'PUT', '/api/newsroom/settings', { token: owner.token, body: { ...body, newsroom_enabled: true } })).status).toBe(200);
    expect((await get('/newsroom/athinaiki-zythopoiia')).status).toBe(200);
  });

  it('pushes each page\'s view within a second: a view of another page in that second does not take a release\'s push away', async () => {
    const socket: Socket = ioClient(server.url, { auth: { token: owner.token }, transports: ['websocket'] });
    const got: (string | null)[] = [];
    socket.on('report:changed', (p: { releaseId: string | null; kind: string }) => {
      if (p.kind === 'view') got.push(p.releaseId);
    });
    try {
      await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
      const newsroom = newsroomOf(server.ctx)!;
      const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130';
      // The release's page, then the newsroom's own page, in the same second.
      await newsroom.recordView({ organisationId: ownerOrg, release: { press_release_id: ids.second, organisation_id: ownerOrg } }, browser);
      await newsroom.recordView({ organisationId: ownerOrg, release: null }, browser);
      await until(() => got.includes(ids.second) && got.includes(null), 10_000, 'a push for each page');
    } finally {
      socket.close();
    }
  });

  it('counts views of its pages as their own source, live, without robots or its own refreshes', async () => {
    const socket: Socket = ioClient(server.url, { auth: { token: owner.token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
      // Views push the reports (in batches of a second): the one of this release's page arrives.
      const pushed = new Promise<{ releaseId: string | null; kind: string }>((resolve) => {
        socket.on('report:changed', (p: { releaseId: string | null; kind: string }) => {
          if (p.releaseId === ids.second) resolve(p);
        });
      });
      const before = await db()('reporting_events').where({ channel: 'newsroom', organisation_id: ownerOrg }).count<{ n: string }[]>({ n: '*' });
      const viewsOf = async () => (await call<ClientReport>(server.url, 'GET', '/api/client/reports', { token: owner.token })).body.rows.find((r) => r.id === ids.second)!.newsroomViews;
      const earlier = await viewsOf();
      await get('/newsroom/athinaiki-zythopoiia/ependysi-5-ekat-evro-sti-thessaloniki', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' });
      expect(await pushed).toEqual({ releaseId: ids.second, kind: 'view' });
      await get('/newsroom/athinaiki-zythopoiia', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' });
      await get('/newsroom/athinaiki-zythopoiia', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
      await get('/newsroom/athinaiki-zythopoiia', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', 'x-newsroom-refresh': '1' });
      // A page answers before its view is stored: wait for the views it is writing.
      await newsroomOf(server.ctx)!.viewsWritten();
      const rows = (await db()('reporting_events').where({ channel: 'newsroom', organisation_id: ownerOrg }).orderBy('id').select('press_release_id', 'kind', 'is_proxy')) as Record<
        string,
        unknown
      >[];
      expect(rows).toHaveLength(Number(before[0]!.n) + 3);
      expect(rows.slice(-3)).toEqual([
        { press_release_id: ids.second, kind: 'view', is_proxy: false },
        { press_release_id: null, kind: 'view', is_proxy: false },
        { press_release_id: null, kind: 'view', is_proxy: true },
      ]);
      const report = await call<ClientReport>(server.url, 'GET', '/api/client/reports', { token: owner.token });
      expect(await viewsOf()).toBe(earlier + 1);
      expect(report.body.totals.newsroomViews).toBeGreaterThanOrEqual(2);
      expect(report.body.newsroomWeekly).toHaveLength(8);
      expect(report.body.newsroomWeekly.at(-1)!.views).toBe(report.body.totals.newsroomViews);
    } finally {
      socket.close();
    }
  });
});

// ------------------------------------------------------------------ one newsroom per organisation

describe('the newsroom belongs to the organisation', () => {
  const settings = { newsroom_enabled: true, boilerplate: '', press_contact_name: '', press_contact_email: '', press_contact_phone: '' };

  it('shares one newsroom between the members: a colleague’s send goes to it and opens no second one', async () => {
    const colleague = await member('synadelfos@newsroom.test', ownerOrg, 'publisher');
    const ownOrgOfColleague = await orgOf(colleague.id);
    const before = Number(((await db()('organisations').whereNotNull('newsroom_slug').count({ n: '*' })) as { n: string }[])[0]!.n);
    const id = await sent(colleague.id, 'Δελτίο της συναδέλφου', { organisation_id: ownerOrg });
    const version = (await db()('release_sent_versions').where('press_release_id', id).first('organisation_id', 'sender_name', 'slug')) as {
      organisation_id: string;
      sender_name: string;
      slug: string;
    };
    expect(version).toMatchObject({ organisation_id: ownerOrg, sender_name: 'Αθηναϊκή Ζυθοποιία <Α.Ε.>', slug: 'deltio-tis-synadelfou' });
    // No newsroom of her own (the old code gave the sender one: test-org-N / athinaiki-zythopoiia-2).
    expect((await db()('organisations').where('id', ownOrgOfColleague).first('newsroom_slug')).newsroom_slug).toBeNull();
    expect(Number(((await db()('organisations').whereNotNull('newsroom_slug').count({ n: '*' })) as { n: string }[])[0]!.n)).toBe(before);
    const page = await (await get('/newsroom/athinaiki-zythopoiia')).text();
    expect(page).toContain('Δελτίο της συναδέλφου');
    // Both members read the one newsroom in their settings.
    const mine = await call<NewsroomSettings>(server.url, 'GET', '/api/newsroom/settings', { token: colleague.token });
    const theirs = await call<NewsroomSettings>(server.url, 'GET', '/api/newsroom/settings', { token: owner.token });
    expect(mine.body.newsroom_slug).toBe('athinaiki-zythopoiia');
    expect(mine.body).toEqual(theirs.body);
  });

  it('lets owners and admins change the newsroom, and refuses editors, reviewers and publishers (403)', async () => {
    const body = { ...settings, newsroom_slug: 'athinaiki-zythopoiia', boilerplate: 'Από το 1950.' };
    for (const role of ['editor', 'reviewer', 'publisher']) {
      const m = await member(`${role}@newsroom.test`, ownerOrg, role);
      const r = await call<{ error: { code: string } }>(server.url, 'PUT', '/api/newsroom/settings', { token: m.token, body });
      expect(r.status, role).toBe(403);
      expect(r.body.error.code).toBe('role_forbidden');
      expect((await call(server.url, 'GET', '/api/newsroom/settings', { token: m.token })).status, role).toBe(200);
    }
    expect((await db()('organisations').where('id', ownerOrg).first('boilerplate')).boilerplate).not.toBe('Από το 1950.');
    const admin = await member('admin@newsroom.test', ownerOrg, 'admin');
    const saved = await call<NewsroomSettings>(server.url, 'PUT', '/api/newsroom/settings', { token: admin.token, body });
    expect(saved.status).toBe(200);
    expect((await db()('organisations').where('id', ownerOrg).first('boilerplate')).boilerplate).toBe('Από το 1950.');
  });

  it('answers an old address with a permanent redirect to the current one: the page, its releases and the feed', async () => {
    await db()('newsroom_redirects').insert({ slug: 'palia-zythopoiia', organisation_id: ownerOrg });
    const page = await get('/newsroom/palia-zythopoiia?page=1');
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`${PUBLIC_URL}/newsroom/athinaiki-zythopoiia?page=1`);
    const release = await get('/newsroom/palia-zythopoiia/ependysi-5-ekat-evro-sti-thessaloniki');
    expect(release.status).toBe(301);
    expect(release.headers.get('location')).toBe(`${PUBLIC_URL}/newsroom/athinaiki-zythopoiia/ependysi-5-ekat-evro-sti-thessaloniki`);
    const feed = await get('/newsroom/palia-zythopoiia/feed.xml');
    expect(feed.status).toBe(301);
    expect(feed.headers.get('location')).toBe(`${PUBLIC_URL}/newsroom/athinaiki-zythopoiia/feed.xml`);
    // Nobody else may take an address that redirects.
    const taken = await call<{ error: { code: string } }>(server.url, 'PUT', '/api/newsroom/settings', {
      token: other.token,
      body: { ...settings, newsroom_slug: 'palia-zythopoiia' },
    });
    expect(taken.status).toBe(409);
    // An address nobody had is still a 404.
    expect((await get('/newsroom/kanenas-den-tin-eixe')).status).toBe(404);
  });

  it('keeps the address an organisation leaves as a redirect to its new one', async () => {
    const before = 'allos-proin';
    expect((await call(server.url, 'PUT', '/api/newsroom/settings', { token: other.token, body: { ...settings, newsroom_slug: before } })).status).toBe(200);
    // An open newsroom needs a public release to be listed, not to be served: its page answers now.
    expect((await get(`/newsroom/${before}`)).status).toBe(200);
    const moved = await call<NewsroomSettings>(server.url, 'PUT', '/api/newsroom/settings', {
      token: other.token,
      body: { ...settings, newsroom_slug: 'allos-organismos' },
    });
    expect(moved.status).toBe(200);
    const old = await get(`/newsroom/${before}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`${PUBLIC_URL}/newsroom/allos-organismos`);
    expect((await get('/newsroom/allos-organismos')).status).toBe(200);
    // Taking its old address back drops the redirect.
    expect((await call(server.url, 'PUT', '/api/newsroom/settings', { token: other.token, body: { ...settings, newsroom_slug: before } })).status).toBe(200);
    expect((await get(`/newsroom/${before}`)).status).toBe(200);
    expect((await get('/newsroom/allos-organismos')).status).toBe(301);
  });
});
