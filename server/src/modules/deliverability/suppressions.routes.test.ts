import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../../../shared/schemas/admin';
import type { ClientReport } from '../../../../shared/schemas/reports';
import type {
  DeliveryTable,
  ImportSuppressionsResult,
  MediaSuppressions,
  SuppressionPage,
} from '../../../../shared/schemas/suppressions';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp, signUpAndIn } from '../../test/http';
import { health } from '../admin-stats/admin-stats.service';
import { recordMailEvent } from './record-mail-event';
import { parseSuppressionImport } from './suppressions.csv';

let server: TestServer;
type Who = { id: string; token: string };
let owner: Who;
let admin: Who;
let editor: Who;
let stranger: Who;
let superadmin: Who;
let journalist: Who;
let org: string;
let otherOrg: string;

const api = <T = unknown>(who: Who | undefined, method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, `/api${path}`, { token: who?.token, body });

async function orgOf(userId: string): Promise<string> {
  return (
    (await server.ctx
      .db('organisation_members')
      .where({ user_id: userId, role: 'owner' })
      .first('organisation_id')) as { organisation_id: string }
  ).organisation_id;
}

/** A new client made a member of `organisationId` with `role`, working in it. */
async function member(email: string, organisationId: string, role: string): Promise<Who> {
  const who = await signUpAndIn(server.url, email);
  await server.ctx
    .db('organisation_members')
    .insert({ organisation_id: organisationId, user_id: who.id, role });
  await server.ctx
    .db('profiles')
    .where('user_id', who.id)
    .update({ active_organisation_id: organisationId });
  return who;
}

async function csvOf(
  who: Who,
  path: string,
): Promise<{ status: number; text: string; disposition: string | null }> {
  const res = await fetch(`${server.url}/api${path}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    disposition: res.headers.get('content-disposition'),
  };
}

const audits = async (action: string) =>
  (await server.ctx
    .db('audit_logs')
    .where('action_type', action)
    .orderBy('created_at')
    .select('actor_user_id', 'entity_type', 'entity_id', 'metadata')) as {
    actor_user_id: string | null;
    entity_type: string;
    entity_id: string;
    metadata: Record<string, unknown>;
  }[];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpAndIn(server.url, 'owner@supp.test');
  org = await orgOf(owner.id);
  admin = await member('admin@supp.test', org, 'admin');
  editor = await member('editor@supp.test', org, 'editor');
  stranger = await signUpAndIn(server.url, 'stranger@supp.test');
  otherOrg = await orgOf(stranger.id);
  const sa = await signUp(server.url, 'root@supp.test', 'media');
  await server.ctx
    .db('profiles')
    .where('user_id', sa.id)
    .update({ role: 'superadmin', status: 'approved' });
  superadmin = {
    id: sa.id,
    token: (
      await signIn(server.url, 'root@supp.test', 'Thalassa-2026', server.config.superadminLoginPath)
    ).access_token,
  };
  journalist = await signUpAndIn(server.url, 'journalist@supp.test', 'media');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('an organisation’s suppression list', () => {
  it('lets its admins add and lift, its other members read, and refuses everyone else', async () => {
    const add = await api<{
      item: { id: string; email: string; reason: string; source: string; detail: string };
      created: boolean;
    }>(admin, 'POST', `/organisations/${org}/suppressions`, {
      email: '  Someone@Example.GR ',
      note: 'Ζήτησε να μη λαμβάνει',
    });
    expect(add.status).toBe(201);
    expect(add.body.item).toMatchObject({
      email: 'someone@example.gr',
      reason: 'manual',
      source: 'admin',
      detail: 'Ζήτησε να μη λαμβάνει',
    });
    // The same address again: nothing new.
    expect(
      (
        await api(owner, 'POST', `/organisations/${org}/suppressions`, {
          email: 'someone@example.gr',
        })
      ).status,
    ).toBe(200);

    // The editor reads (and is told they cannot edit), but may not write.
    const read = await api<SuppressionPage>(editor, 'GET', `/organisations/${org}/suppressions`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ total: 1, canEdit: false });
    expect(read.body.items[0]).toMatchObject({
      email: 'someone@example.gr',
      createdByName: 'Test client',
    });
    expect(
      (await api<SuppressionPage>(admin, 'GET', `/organisations/${org}/suppressions`)).body.canEdit,
    ).toBe(true);
    const refused = await api<{ error: { code: string } }>(
      editor,
      'POST',
      `/organisations/${org}/suppressions`,
      { email: 'x@example.gr' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('role_forbidden');
    expect(
      (await api(editor, 'DELETE', `/organisations/${org}/suppressions/${add.body.item.id}`))
        .status,
    ).toBe(403);
    expect(
      (
        await api(editor, 'POST', `/organisations/${org}/suppressions/import`, {
          text: 'x@example.gr',
        })
      ).status,
    ).toBe(403);
    expect((await csvOf(editor, `/organisations/${org}/suppressions.csv`)).status).toBe(200);

    // Another organisation's owner, a journalist, the superadmin: no way in.
    expect((await api(stranger, 'GET', `/organisations/${org}/suppressions`)).status).toBe(404);
    expect(
      (await api(stranger, 'POST', `/organisations/${org}/suppressions`, { email: 'x@example.gr' }))
        .status,
    ).toBe(404);
    expect(
      (await api(stranger, 'DELETE', `/organisations/${org}/suppressions/${add.body.item.id}`))
        .status,
    ).toBe(404);
    // Nor through their own organisation's path.
    expect(
      (await api(stranger, 'DELETE', `/organisations/${otherOrg}/suppressions/${add.body.item.id}`))
        .status,
    ).toBe(404);
    expect((await api(journalist, 'GET', `/organisations/${org}/suppressions`)).status).toBe(403);
    expect((await api(superadmin, 'GET', `/organisations/${org}/suppressions`)).status).toBe(403);

    // Bad input is a 400 with the field, never a 500.
    const bad = await api<{ error: { fields: Record<string, string> } }>(
      admin,
      'POST',
      `/organisations/${org}/suppressions`,
      { email: 'not an address' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBeTruthy();
    expect((await api(admin, 'GET', `/organisations/${org}/suppressions?reason=nope`)).status).toBe(
      400,
    );

    // Lifted: gone from the list, kept as the trail with who and when.
    expect(
      (await api(admin, 'DELETE', `/organisations/${org}/suppressions/${add.body.item.id}`)).status,
    ).toBe(204);
    expect(
      (await api(admin, 'DELETE', `/organisations/${org}/suppressions/${add.body.item.id}`)).status,
    ).toBe(404);
    expect(
      (await api<SuppressionPage>(admin, 'GET', `/organisations/${org}/suppressions`)).body.total,
    ).toBe(0);
    const trail = (await server.ctx.db('suppressions').where('id', add.body.item.id).first()) as {
      removed_at: Date | null;
      removed_by: string;
    };
    expect(trail.removed_at).toBeInstanceOf(Date);
    expect(trail.removed_by).toBe(admin.id);

    const added = await audits('suppression.added');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actor_user_id: admin.id,
      entity_type: 'suppression',
      entity_id: add.body.item.id,
      metadata: { email: 'someone@example.gr', organisation_id: org },
    });
    const removed = await audits('suppression.removed');
    expect(removed.filter((r) => r.entity_id === add.body.item.id)).toMatchObject([
      { actor_user_id: admin.id },
    ]);
  });

  it('exports as CSV and reads the export back, reporting bad lines by number', async () => {
    const text = [
      'email;note', // a header (semicolons, as a Greek Excel saves)
      'first@example.gr;Δεν θέλει δελτία',
      '',
      'not-an-address;x',
      'SECOND@example.gr;',
      'first@example.gr;twice',
      'third@@example.gr',
    ].join('\r\n');
    const imported = await api<ImportSuppressionsResult>(
      owner,
      'POST',
      `/organisations/${org}/suppressions/import`,
      { text },
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      total: 2,
      added: 2,
      existing: 0,
      problems: [
        { line: 4, text: 'not-an-address;x', error: 'invalid_email' },
        { line: 7, text: 'third@@example.gr', error: 'invalid_email' },
      ],
    });
    const page = await api<SuppressionPage>(
      owner,
      'GET',
      `/organisations/${org}/suppressions?reason=import`,
    );
    expect(page.body.items.map((i) => [i.email, i.source, i.detail]).sort()).toEqual([
      ['first@example.gr', 'csv', 'Δεν θέλει δελτία'],
      ['second@example.gr', 'csv', null],
    ]);
    expect(
      (
        await api<SuppressionPage>(owner, 'GET', `/organisations/${org}/suppressions?q=SEC`)
      ).body.items.map((i) => i.email),
    ).toEqual(['second@example.gr']);

    const csv = await csvOf(admin, `/organisations/${org}/suppressions.csv`);
    expect(csv.status).toBe(200);
    expect(csv.disposition).toMatch(/^attachment; filename="suppressions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const lines = csv.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,reason,source,detail,created_at,created_by');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').slice(0, 4).join(','))
        .sort(),
    ).toEqual(['first@example.gr,import,csv,Δεν θέλει δελτία', 'second@example.gr,import,csv,']);

    // Round trip: the export imported into another organisation gives the same addresses and notes.
    const back = await api<ImportSuppressionsResult>(
      stranger,
      'POST',
      `/organisations/${otherOrg}/suppressions/import`,
      { text: csv.text },
    );
    expect(back.body).toEqual({ total: 2, added: 2, existing: 0, problems: [] });
    const theirs = await api<SuppressionPage>(
      stranger,
      'GET',
      `/organisations/${otherOrg}/suppressions`,
    );
    expect(theirs.body.items.map((i) => [i.email, i.detail]).sort()).toEqual([
      ['first@example.gr', 'Δεν θέλει δελτία'],
      ['second@example.gr', null],
    ]);
    // Imported again: already there.
    expect(
      (
        await api<ImportSuppressionsResult>(
          stranger,
          'POST',
          `/organisations/${otherOrg}/suppressions/import`,
          { text: csv.text },
        )
      ).body,
    ).toMatchObject({
      added: 0,
      existing: 2,
    });

    // The editor's export (empty list then) and the admin's: each one audited.
    expect(await audits('suppression.exported')).toMatchObject([
      {
        actor_user_id: editor.id,
        entity_type: 'organisation',
        entity_id: org,
        metadata: { rows: 1 },
      },
      {
        actor_user_id: admin.id,
        entity_type: 'organisation',
        entity_id: org,
        metadata: { rows: 2 },
      },
    ]);
    const imports = await audits('suppression.imported');
    expect(imports[0]).toMatchObject({
      actor_user_id: owner.id,
      entity_id: org,
      metadata: { total: 2, added: 2, problems: 2 },
    });
    expect(imports).toHaveLength(3);
    // A text with nothing in it at all is refused.
    expect(
      (await api(owner, 'POST', `/organisations/${org}/suppressions/import`, { text: '   ' }))
        .status,
    ).toBe(400);
  });

  it('parses plain lists, quoted fields and the formula guard', () => {
    expect(
      parseSuppressionImport('a@b.gr\nc@d.gr, "σημείωση, με κόμμα"\n"\'=x"@e.gr').rows,
    ).toEqual([
      { line: 1, email: 'a@b.gr', note: null },
      { line: 2, email: 'c@d.gr', note: 'σημείωση, με κόμμα' },
    ]);
    expect(
      parseSuppressionImport('email,reason,source,detail\nx@y.gr,manual,admin,"\'-ok"').rows,
    ).toEqual([{ line: 2, email: 'x@y.gr', note: '-ok' }]);
  });

  it('leaves a journalist’s complaint to the journalist: the company cannot lift it, they can', async () => {
    const [row] = (await server.ctx
      .db('suppressions')
      .insert({
        email_lc: 'journalist@supp.test',
        organisation_id: org,
        reason: 'complaint',
        source: 'arf',
      })
      .returning('id')) as { id: string }[];
    const id = row!.id;
    const locked = await api<{ error: { code: string } }>(
      owner,
      'DELETE',
      `/organisations/${org}/suppressions/${id}`,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('complaint_by_recipient');

    const orgName = (
      (await server.ctx.db('organisations').where('id', org).first('name')) as { name: string }
    ).name;
    const mine = await api<MediaSuppressions>(journalist, 'GET', '/media/suppressions');
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([
      { id, organisationName: orgName, createdAt: expect.any(String) as string },
    ]);
    // Another journalist sees none of it and cannot lift it.
    const other = await signUpAndIn(server.url, 'other-journalist@supp.test', 'media');
    expect((await api<MediaSuppressions>(other, 'GET', '/media/suppressions')).body.items).toEqual(
      [],
    );
    expect((await api(other, 'DELETE', `/media/suppressions/${id}`)).status).toBe(404);
    expect((await api(owner, 'DELETE', `/media/suppressions/${id}`)).status).toBe(403);

    expect((await api(journalist, 'DELETE', `/media/suppressions/${id}`)).status).toBe(204);
    expect(
      (await api<MediaSuppressions>(journalist, 'GET', '/media/suppressions')).body.items,
    ).toEqual([]);
    expect((await audits('suppression.removed')).find((a) => a.entity_id === id)).toMatchObject({
      actor_user_id: journalist.id,
      metadata: { reason: 'complaint', by: 'recipient', organisation_id: org },
    });
  });
});

describe('the global suppression list', () => {
  it('is the superadmin’s only, and holds no organisation’s rows', async () => {
    const add = await api<{ item: { id: string } }>(superadmin, 'POST', '/admin/suppressions', {
      email: 'dead@example.gr',
    });
    expect(add.status).toBe(201);
    const row = (await server.ctx.db('suppressions').where('id', add.body.item.id).first()) as {
      organisation_id: string | null;
    };
    expect(row.organisation_id).toBeNull();
    const page = await api<SuppressionPage>(superadmin, 'GET', '/admin/suppressions');
    expect(page.body.items.map((i) => i.email)).toEqual(['dead@example.gr']);
    expect(page.body.canEdit).toBe(true);
    for (const who of [owner, admin, journalist]) {
      expect((await api(who, 'GET', '/admin/suppressions')).status).toBe(403);
      expect(
        (await api(who, 'POST', '/admin/suppressions', { email: 'x@example.gr' })).status,
      ).toBe(403);
    }
    // An organisation cannot lift a global row through its own path.
    expect(
      (await api(owner, 'DELETE', `/organisations/${org}/suppressions/${add.body.item.id}`)).status,
    ).toBe(404);
    const imported = await api<ImportSuppressionsResult>(
      superadmin,
      'POST',
      '/admin/suppressions/import',
      { text: 'a@global.gr\nb@global.gr\nbad' },
    );
    expect(imported.body).toMatchObject({
      added: 2,
      problems: [{ line: 3, error: 'invalid_email' }],
    });
    const csv = await csvOf(superadmin, '/admin/suppressions.csv');
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(4);
    expect(
      (await api(superadmin, 'DELETE', `/admin/suppressions/${add.body.item.id}`)).status,
    ).toBe(204);
    expect((await audits('suppression.exported')).at(-1)).toMatchObject({
      entity_type: 'suppression_list',
      entity_id: 'global',
      actor_user_id: superadmin.id,
    });
  });
});

describe('a release’s delivery table and its figures', () => {
  it('shows each recipient’s outcome after a bounce and a complaint, and the report counts them', async () => {
    const db = server.ctx.db;
    const media = await Promise.all(
      ['m1', 'm2', 'm3', 'm4'].map((m) => signUp(server.url, `${m}@deliv.test`, 'media')),
    );
    await db('profiles')
      .where('user_id', media[0]!.id)
      .update({ name: 'Άννα Παπά', organization: 'Η Εφημερίδα' });
    const [rel] = (await db('press_releases')
      .insert({
        title: 'Παράδοση',
        category: 'tech',
        status: 'sent',
        sent_at: new Date(),
        author_id: owner.id,
        organisation_id: org,
      })
      .returning('id')) as { id: string }[];
    const releaseId = rel!.id;
    const states = ['sent', 'sent', 'sent', 'suppressed'];
    const deliveries = (await db('deliveries')
      .insert(
        media.map((m, i) => ({
          press_release_id: releaseId,
          recipient_user_id: m.id,
          email: `m${i + 1}@deliv.test`,
          state: states[i],
          sent_at: i < 3 ? new Date() : null,
        })),
      )
      .returning('id')) as { id: string }[];
    const outbox = (await db('mail_outbox')
      .insert(
        deliveries.slice(0, 3).map((d, i) => ({
          to_email: `m${i + 1}@deliv.test`,
          subject: 'Παράδοση',
          status: 'sent',
          sent_at: new Date(),
          related_delivery_id: d.id,
          organisation_id: org,
          purpose: 'release',
        })),
      )
      .returning('id')) as { id: string }[];
    await db('reporting').insert({ press_release_id: releaseId, opened_by: [media[2]!.id] });

    const bounce = await recordMailEvent(server.ctx, {
      via: 'dsn',
      kind: 'hard',
      email: 'm1@deliv.test',
      outboxId: Number(outbox[0]!.id),
      statusCode: '5.1.1',
      smtpCode: 550,
      diagnostic: 'smtp; 550 5.1.1 <m1@deliv.test>: Recipient address rejected: User unknown',
    });
    expect(bounce.recorded).toBe(true);
    await recordMailEvent(server.ctx, {
      via: 'arf',
      kind: 'complaint',
      email: 'm2@deliv.test',
      outboxId: Number(outbox[1]!.id),
    });

    const table = await api<DeliveryTable>(
      editor,
      'GET',
      `/client/reports/${releaseId}/deliveries`,
    );
    expect(table.status).toBe(200);
    expect(table.body.counts).toEqual({
      total: 4,
      queued: 0,
      sent: 1,
      failed: 0,
      bouncedHard: 1,
      bouncedSoft: 0,
      complained: 1,
      suppressed: 1,
    });
    expect(table.body.total).toBe(4);
    // Problems first: the bounce, the complaint, the suppressed one, then the delivered.
    expect(table.body.items.map((r) => [r.email, r.state])).toEqual([
      ['m1@deliv.test', 'bounced'],
      ['m2@deliv.test', 'complained'],
      ['m4@deliv.test', 'suppressed'],
      ['m3@deliv.test', 'sent'],
    ]);
    const [bounced, complained, , delivered] = table.body.items;
    expect(bounced).toMatchObject({
      name: 'Άννα Παπά',
      outlet: 'Η Εφημερίδα',
      bounceType: 'hard',
      opened: false,
    });
    expect(bounced!.error).toContain('User unknown');
    expect(bounced!.bouncedAt).toEqual(expect.any(String));
    expect(complained!.complainedAt).toEqual(expect.any(String));
    expect(delivered).toMatchObject({ opened: true, bounceType: null, error: null });
    expect(
      (
        await api<DeliveryTable>(
          owner,
          'GET',
          `/client/reports/${releaseId}/deliveries?state=bounced`,
        )
      ).body.items.map((r) => r.email),
    ).toEqual(['m1@deliv.test']);

    expect((await api(stranger, 'GET', `/client/reports/${releaseId}/deliveries`)).status).toBe(
      404,
    );
    expect((await api(journalist, 'GET', `/client/reports/${releaseId}/deliveries`)).status).toBe(
      403,
    );
    expect((await api(owner, 'GET', `/client/reports/${releaseId}/deliveries?page=0`)).status).toBe(
      400,
    );

    // The reports: the same outcomes per release, on screen and in the CSV.
    const report = await api<ClientReport>(owner, 'GET', '/client/reports');
    expect(report.body.rows.find((r) => r.id === releaseId)).toMatchObject({
      delivered: 1,
      bouncedHard: 1,
      bouncedSoft: 0,
      complained: 1,
      suppressed: 1,
    });
    const csv = await csvOf(owner, '/client/reports/export.csv?tz=UTC');
    const line = csv.text.split('\r\n').find((l) => l.startsWith('Παράδοση,'))!;
    expect(line.split(',').slice(-5)).toEqual(['1', '1', '0', '1', '1']);
  });
});

describe('the health card’s mail rates', () => {
  it('reports bounces and complaints of the last 7 days against the mail sent, with the warning levels', async () => {
    const r = await api<AdminHealth>(superadmin, 'GET', '/admin/health');
    expect(r.status).toBe(200);
    expect(r.body.bounceRate.level).toEqual(expect.any(String));

    // A database of its own, where no other test mails.
    const quiet = await startTestServer();
    try {
      const db = quiet.ctx.db;
      const now = Date.now();
      expect(await health(quiet.ctx)).toMatchObject({
        bounceRate: { value: null, level: 'green' },
        complaintRate: { value: null, level: 'green' },
        mail: { attempted: 0 },
      });
      await db('mail_outbox').insert(
        Array.from({ length: 970 }, (_, i) => ({
          to_email: `r${i}@rates.test`,
          subject: 's',
          status: 'sent',
          sent_at: new Date(now - 86_400_000),
        })),
      );
      // Older than the window: not counted.
      await db('mail_outbox').insert(
        Array.from({ length: 500 }, (_, i) => ({
          to_email: `o${i}@rates.test`,
          subject: 's',
          status: 'sent',
          sent_at: new Date(now - 8 * 86_400_000),
        })),
      );
      const ev = (kind: string, via: string, i: number, daysAgo = 1) => ({
        kind,
        received_via: via,
        email_lc: `b${kind}${via}${i}@rates.test`,
        created_at: new Date(now - daysAgo * 86_400_000),
      });
      await db('bounce_events').insert([
        // 30 refused at the door (never sent: they add to the 970 sent), 5 bounced after acceptance.
        ...Array.from({ length: 30 }, (_, i) => ev('hard', 'smtp_session', i)),
        ...Array.from({ length: 5 }, (_, i) => ev('soft', 'dsn', i)),
        // Deferrals the mailer retried, and an old bounce: not counted.
        ...Array.from({ length: 40 }, (_, i) => ev('soft', 'smtp_session', i)),
        ...Array.from({ length: 40 }, (_, i) => ev('hard', 'dsn', i, 9)),
        ...Array.from({ length: 2 }, (_, i) => ev('complaint', 'arf', i)),
      ]);
      const h = await health(quiet.ctx);
      expect(h.mail).toEqual({ attempted: 1000, bounced: 35, complaints: 2 });
      expect(h.bounceRate).toEqual({ value: 3.5, level: 'yellow' });
      expect(h.complaintRate).toEqual({ value: 0.2, level: 'yellow' });
      expect(h.badge).toBe('warning');
      await db('bounce_events').insert(
        Array.from({ length: 2 }, (_, i) => ev('complaint', 'ses', i)),
      );
      const worse = await health(quiet.ctx);
      expect(worse.complaintRate).toEqual({ value: 0.4, level: 'red' });
      expect(worse.badge).toBe('error');
      await db('bounce_events').where('kind', 'complaint').del();
      await db('bounce_events')
        .where({ kind: 'hard', received_via: 'smtp_session' })
        .whereRaw("email_lc >= 'bhardsmtp_session1'")
        .del();
      const fine = await health(quiet.ctx);
      expect(fine.mail).toEqual({ attempted: 971, bounced: 6, complaints: 0 });
      expect(fine.bounceRate).toEqual({ value: 0.62, level: 'green' });
      expect(fine.complaintRate).toEqual({ value: 0, level: 'green' });
    } finally {
      await quiet.stop();
    }
  }, 60_000);
});
