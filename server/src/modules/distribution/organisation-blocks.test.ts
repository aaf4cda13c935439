import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { MediaInboxService } from '../media-inbox/media-inbox.service';
import type { Actor } from '../../http/authenticate';
import { planDigest } from './digest';
import { countRecipients, insertDeliveries, type SendableRelease } from './distribution.repo';
import { insertJournalist, insertMember, insertOrganisation, insertRelease } from './org-fixtures';
import { sendPreview } from './send-preview';
import { trackingToken } from './tracking.tokens';
import { unsubscribe, unsubscribeState } from './unsubscribe.service';

/**
 * A journalist blocks a company, not a person: a block ("block this sender", the e-mail's
 * unsubscribe link, the List-Unsubscribe button) names the organisation that owns the release,
 * and no member of it reaches the journalist afterwards.
 */
let server: TestServer;
let aegean: string;
let olympus: string;
const m: Record<string, string> = {};
const j: Record<string, string> = {};

const row = async (id: string) => (await server.ctx.db('press_releases').where('id', id).first()) as SendableRelease;

/** Delivers a release as the send does (one delivery per recipient), in a transaction of its own. */
async function deliver(releaseId: string): Promise<string[]> {
  const r = await row(releaseId);
  const rows = await server.ctx.db.transaction((trx) => insertDeliveries(trx, r));
  return rows.map((d) => d.recipient_user_id).sort();
}

/** Freezes a release inserted as sent (the inbox, the digest and the unsubscribe page read the sent version). */
async function markSent(releaseId: string, senderUserId: string, senderName: string): Promise<void> {
  const r = await row(releaseId);
  await server.ctx.db('release_sent_versions').insert({
    press_release_id: releaseId,
    organisation_id: r.organisation_id,
    title: r.title,
    content: r.content,
    content_text: r.content_text,
    search_text: r.search_text,
    category: r.category,
    media_list_categories: r.media_list_categories,
    attachments: JSON.stringify([]),
    sender_user_id: senderUserId,
    sender_name: senderName,
    sent_at: new Date(),
  });
}

const SENT = { status: 'sent', sent_at: new Date() };
const sorted = (...ids: (string | undefined)[]) => (ids as string[]).sort();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  aegean = await insertOrganisation(db, 'Αιγαίο Τεχνολογίες Α.Ε.');
  olympus = await insertOrganisation(db, 'Όλυμπος Α.Ε.');
  m.owner = await insertMember(db, aegean, 'owner@aegean.test', 'owner');
  m.publisher = await insertMember(db, aegean, 'publisher@aegean.test', 'publisher');
  m.other = await insertMember(db, olympus, 'owner@olympus.test', 'owner');
  j.blocker = await insertJournalist(db, 'blocker@media.test', ['tech']);
  j.linker = await insertJournalist(db, 'linker@media.test', ['tech']);
  j.reader = await insertJournalist(db, 'reader@media.test', ['tech']);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('a journalist who blocked a company receives nothing from any of its members', () => {
  it('a block of the organisation keeps the release of a second member away', async () => {
    await server.ctx.db('unsubscribes').insert({ user_id: j.blocker, scope: 'sender', sender_organisation_id: aegean });
    // The owner never sent to this journalist: the release of another member is held back all the same.
    const byPublisher = await insertRelease(server.ctx.db, aegean, m.publisher!, 'Νέο κέντρο δεδομένων');
    expect(await countRecipients(server.ctx.db, await row(byPublisher))).toBe(2);
    expect(await deliver(byPublisher)).toEqual(sorted(j.linker, j.reader));
    // Another company's release still reaches them.
    const elsewhere = await insertRelease(server.ctx.db, olympus, m.other!, 'Άλλη εταιρεία');
    expect(await deliver(elsewhere)).toEqual(sorted(j.blocker, j.linker, j.reader));
  });

  it('the send preview counts the journalist among those left out', async () => {
    const draft = await insertRelease(server.ctx.db, aegean, m.owner!, 'Προεπισκόπηση');
    const preview = await sendPreview(server.ctx, await row(draft));
    expect(preview.recipients).toBe(2);
    expect(preview.excluded.unsubscribed).toBe(1);
    expect(preview.email.from).toBe('Αιγαίο Τεχνολογίες Α.Ε.');
  });

  it("the e-mail's unsubscribe link blocks the company: the next release of another member does not arrive", async () => {
    const first = await insertRelease(server.ctx.db, aegean, m.owner!, 'Από τον ιδιοκτήτη', SENT);
    await deliver(first);
    await markSent(first, m.owner!, 'Αιγαίο Τεχνολογίες Α.Ε.');
    const delivery = (await server.ctx.db('deliveries').where({ press_release_id: first, recipient_user_id: j.linker }).first('id')) as { id: string };
    const token = trackingToken(server.ctx.tokenKey, 'unsubscribe', Number(delivery.id));
    expect(await unsubscribeState(server.ctx, token)).toMatchObject({ senderCompany: 'Αιγαίο Τεχνολογίες Α.Ε.', sender: false });
    expect(await unsubscribe(server.ctx, token, 'sender')).toMatchObject({ sender: true, all: false });
    const stored = await server.ctx.db('unsubscribes').where({ user_id: j.linker, scope: 'sender' }).select('sender_organisation_id');
    expect(stored).toEqual([{ sender_organisation_id: aegean }]);

    const next = await insertRelease(server.ctx.db, aegean, m.publisher!, 'Από τον εκδότη');
    expect(await deliver(next)).toEqual([j.reader]);
  });

  it('the List-Unsubscribe one-click button blocks the company too', async () => {
    const first = await insertRelease(server.ctx.db, olympus, m.other!, 'Όλυμπος: νέα');
    await deliver(first);
    const delivery = (await server.ctx.db('deliveries').where({ press_release_id: first, recipient_user_id: j.reader }).first('id')) as { id: string };
    const token = trackingToken(server.ctx.tokenKey, 'unsubscribe', Number(delivery.id));
    expect((await call(server.url, 'POST', `/api/unsubscribe/${token}/one-click`)).status).toBe(204);
    const stored = await server.ctx.db('unsubscribes').where({ user_id: j.reader, scope: 'sender' }).pluck('sender_organisation_id');
    expect(stored).toEqual([olympus]);
  });

  it("the media user's block acts on the organisation, and the settings name it", async () => {
    const reader = await insertJournalist(server.ctx.db, 'settings@media.test', ['tech']);
    const actor = { userId: reader, role: 'media', email: 'settings@media.test', name: 'settings' } as unknown as Actor;
    const sentByOwner = await insertRelease(server.ctx.db, aegean, m.owner!, 'Για τις ρυθμίσεις', SENT);
    await deliver(sentByOwner);
    await markSent(sentByOwner, m.owner!, 'Αιγαίο Τεχνολογίες Α.Ε.');
    const service = new MediaInboxService(server.ctx);
    const inbox = await service.list(actor, { q: '', category: 'all', read: 'all', bookmarked: false, offset: 0, limit: 10 });
    expect(inbox.items[0]).toMatchObject({ senderId: aegean, senderCompany: 'Αιγαίο Τεχνολογίες Α.Ε.' });
    const before = await service.preferences(actor);
    expect(before.knownSenders).toEqual([{ id: aegean, company: 'Αιγαίο Τεχνολογίες Α.Ε.', logoUrl: null }]);

    const after = await service.blockSender(actor, aegean);
    expect(after.blockedSenders.map((s) => s.id)).toEqual([aegean]);
    // A person's id is not a sender any more.
    await expect(service.blockSender(actor, m.owner!)).rejects.toMatchObject({ status: 400 });

    const next = await insertRelease(server.ctx.db, aegean, m.publisher!, 'Μετά τον αποκλεισμό');
    expect(await deliver(next)).not.toContain(reader);
    await service.unblockSender(actor, aegean);
    const again = await insertRelease(server.ctx.db, aegean, m.publisher!, 'Μετά την άρση');
    expect(await deliver(again)).toContain(reader);
  });

  it('a digest leaves out the releases of a company the journalist blocked after receiving them', async () => {
    const digester = await insertJournalist(server.ctx.db, 'digest@media.test', ['tech']);
    await server.ctx.db('profiles').where('user_id', digester).update({ digest_frequency: 'daily', categories: ['tech'] });
    const fromAegean = await insertRelease(server.ctx.db, aegean, m.publisher!, 'Αιγαίο: για την περίληψη', SENT);
    const fromOlympus = await insertRelease(server.ctx.db, olympus, m.other!, 'Όλυμπος: για την περίληψη', SENT);
    for (const [id, sender, name] of [
      [fromAegean, m.publisher!, 'Αιγαίο Τεχνολογίες Α.Ε.'],
      [fromOlympus, m.other!, 'Όλυμπος Α.Ε.'],
    ] as const) {
      await server.ctx.db('deliveries').insert({ press_release_id: id, recipient_user_id: digester, email: 'digest@media.test', state: 'sent' });
      await markSent(id, sender, name);
    }
    const items = async () =>
      (await planDigest(server.ctx.db, 'daily', new Date(Date.now() + 60_000))).recipients.find((r) => r.userId === digester)?.items ?? [];
    expect(new Set((await items()).map((i) => i.company))).toEqual(new Set(['Αιγαίο Τεχνολογίες Α.Ε.', 'Όλυμπος Α.Ε.']));
    await server.ctx.db('unsubscribes').insert({ user_id: digester, scope: 'sender', sender_organisation_id: aegean });
    expect((await items()).map((i) => i.title)).toEqual(['Όλυμπος: για την περίληψη']);
  });

});
