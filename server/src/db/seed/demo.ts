import { hashPassword, type HashCost } from '../../modules/auth/password-hash';
import type { Knex } from 'knex';
import type { AuditAction, Category } from '../../../../shared/constants';
import {
  DEMO_DEMO_REQUESTS,
  DEMO_EMAILS,
  DEMO_INCIDENTS,
  DEMO_LEADS,
  DEMO_PASSWORD,
  DEMO_RELEASES,
  DEMO_TASKS,
  DEMO_USERS,
  type DemoUser,
} from './demo-data';
import * as Y from 'yjs';
import { seedFields } from '../../../../shared/editor/doc-fields';
import { addDays, dayIn } from '../../../../shared/reports';
import { releaseDocName, writeSnapshot } from '../../collab/persistence';
import { docFromJson } from '../../collab/render';
import { blocksToHtml, blocksToJson, blocksToText, toSearchText, type Block } from './text';
import { DEFAULT_PLAN, TERMS_VERSION, TRIAL_DAYS } from '../../../../shared/plans';
import { hasBoilerplateSection } from '../../../../shared/press-kit';
import { numberedSlug, RELEASE_SLUG_MAX, slugify } from '../../../../shared/slug';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** True when the demo set is already there (it is keyed on client@example.com). */
export async function demoSeeded(db: Knex): Promise<boolean> {
  const row = await db('users')
    .whereRaw('lower(email) = ?', [DEMO_EMAILS.client])
    .first<{ id: string } | undefined>('id');
  return row !== undefined;
}

/** argon2id hash of the demo password; computed once per seed run (argon2 is slow). */
export function hashDemoPassword(cost: HashCost = 'full'): Promise<string> {
  return hashPassword(DEMO_PASSWORD, cost);
}

/** Small deterministic PRNG so the demo figures are the same on every fresh database. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dateOnly(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Inserts the demo data set. Call inside a transaction, and only when demoSeeded() is
 * false. Users that already exist under a demo e-mail are reused, never modified.
 */
export async function seedDemo(trx: Knex, passwordHash: string, now = new Date()): Promise<void> {
  const rand = prng(20261122);
  // Days count in Athens, as the reports and the dashboards do: between midnight in Athens and
  // midnight UTC, "29 days ago" by the UTC calendar fell outside a report's 30 Athens days.
  const today = dayIn(now);
  const at = (daysAgo: number, hourUtc = 8, minute = 0): Date => {
    const d = new Date(`${addDays(today, -daysAgo)}T00:00:00Z`);
    d.setUTCHours(hourUtc, minute, 0, 0);
    return d.getTime() > now.getTime() ? new Date(now.getTime() - MINUTE) : d;
  };

  // Users and profiles.
  const ids = new Map<string, string>();
  const signedUpAt = new Map<string, Date>();
  for (const u of DEMO_USERS) {
    const createdAt = at(u.createdDaysAgo, 7 + (u.createdDaysAgo % 9), u.createdDaysAgo % 60);
    signedUpAt.set(u.email, createdAt);
    ids.set(u.email, await ensureUser(trx, u, passwordHash, createdAt));
  }
  const idOf = (email: string): string => {
    const id = ids.get(email);
    if (!id) throw new Error(`demo seed: unknown user ${email}`);
    return id;
  };
  const superadminId = idOf(DEMO_EMAILS.superadmin);
  const clientId = idOf(DEMO_EMAILS.client);
  const colleagueId = idOf(DEMO_EMAILS.colleague);
  const mediaId = idOf(DEMO_EMAILS.media);

  // Organisations: every company that signed up owns one (in the state of its sign-up: the
  // superadmin's queue shows the pending ones); an invited colleague joins the company's.
  const orgOf = new Map<string, string>();
  for (const u of DEMO_USERS) {
    if (u.role !== 'client' || u.memberOf) continue;
    orgOf.set(u.email, await ensureOrganisation(trx, u, idOf(u.email), signedUpAt.get(u.email)!));
  }
  for (const u of DEMO_USERS) {
    if (!u.memberOf) continue;
    const teamId = orgOf.get(u.memberOf.owner);
    if (!teamId) throw new Error(`demo seed: ${u.email} joins the organisation of ${u.memberOf.owner}, which has none`);
    await joinOrganisation(trx, teamId, idOf(u.email), u.memberOf.role, at(u.memberOf.joinedDaysAgo, 10));
  }
  const organisationId = orgOf.get(DEMO_EMAILS.client);
  if (!organisationId) throw new Error('demo seed: the demo company has no organisation');
  const brand = (await trx('organisations').where('id', organisationId).first()) as DemoOrganisation;
  const usedSlugs = new Set<string>(
    (await trx('release_sent_versions').where('organisation_id', organisationId).whereNotNull('slug').pluck('slug')) as string[],
  );

  // Media lists: every approved, active media user in each of their categories.
  const listMembers = new Map<Category, { id: string; email: string; name: string }[]>();
  const audit: Record<string, unknown>[] = [];
  for (const u of DEMO_USERS) {
    if (u.role !== 'media' || u.status !== 'approved' || u.isActive === false) continue;
    const userId = idOf(u.email);
    audit.push({
      actor_user_id: superadminId,
      actor_email: DEMO_EMAILS.superadmin,
      actor_role: 'superadmin',
      action_type: 'user.approve' satisfies AuditAction,
      entity_type: 'profile',
      entity_id: userId,
      metadata: JSON.stringify({ email: u.email }),
      created_at: at(u.createdDaysAgo - 0.5, 10),
    });
    for (const category of u.categories ?? []) {
      const list = listMembers.get(category) ?? [];
      list.push({ id: userId, email: u.email, name: u.name });
      listMembers.set(category, list);
      await trx('media_lists')
        .insert({ category, media_id: userId, created_at: at(u.createdDaysAgo - 0.5, 10, 5) })
        .onConflict(['category', 'media_id'])
        .ignore();
      audit.push({
        actor_user_id: superadminId,
        actor_email: DEMO_EMAILS.superadmin,
        actor_role: 'superadmin',
        action_type: 'media_list.add' satisfies AuditAction,
        entity_type: 'media_list',
        entity_id: category,
        metadata: JSON.stringify({ category, media_ids: [userId] }),
        created_at: at(u.createdDaysAgo - 0.5, 10, 5),
      });
    }
  }
  const rejected = DEMO_USERS.find((u) => u.status === 'rejected');
  if (rejected) {
    audit.push({
      actor_user_id: superadminId,
      actor_email: DEMO_EMAILS.superadmin,
      actor_role: 'superadmin',
      action_type: 'user.reject' satisfies AuditAction,
      entity_type: 'profile',
      entity_id: idOf(rejected.email),
      metadata: JSON.stringify({ email: rejected.email }),
      created_at: at(rejected.createdDaysAgo - 1, 9),
    });
  }

  // Press releases of the demo company, written by its owner and by the colleague.
  const people = { client: clientId, colleague: colleagueId } as const;
  const releaseIds = new Map<string, string>();
  for (const r of DEMO_RELEASES) {
    const createdAt = at(r.createdDaysAgo, 7 + (r.createdDaysAgo % 5), (r.createdDaysAgo * 7) % 60);
    // The links recipients click are in the text (the reading view and e-mails track them).
    const blocks: Block[] = r.links?.length ? [...r.blocks, { lead: 'Περισσότερες πληροφορίες:', links: r.links }] : [...r.blocks];
    const contentText = blocksToText(blocks);
    let sentAt: Date | null = null;
    let scheduledAt: Date | null = null;
    if (r.status === 'sent') {
      sentAt = new Date(createdAt.getTime() + (r.sentAfterDays ?? 0) * DAY + 2 * 60 * MINUTE);
      if (r.viaSchedule) scheduledAt = sentAt;
    } else if (r.status === 'scheduled') {
      scheduledAt = new Date(now.getTime() + (r.scheduledInDays ?? 1) * DAY);
      scheduledAt.setUTCHours(7, 0, 0, 0);
    }
    const updatedAt = sentAt ?? new Date(createdAt.getTime() + 3 * 60 * MINUTE);
    const [row] = await trx('press_releases')
      .insert({
        title: r.title,
        content: blocksToHtml(blocks),
        content_text: contentText,
        search_text: toSearchText(r.title, contentText),
        category: r.category,
        status: r.status,
        author_id: people[r.author ?? 'client'],
        organisation_id: organisationId,
        media_list_categories: r.category ? [r.category] : [],
        scheduled_at: scheduledAt,
        sent_at: sentAt,
        edited_at: createdAt,
        created_at: createdAt,
        updated_at: updatedAt.getTime() > now.getTime() ? now : updatedAt,
      })
      .returning<DemoReleaseRow[]>('*');
    if (!row) throw new Error('demo seed: release not created');
    releaseIds.set(r.key, row.id);
    // Its live document, seeded once here (the editor never rebuilds it from HTML).
    const ydoc = docFromJson(blocksToJson(blocks));
    seedFields(ydoc, { title: r.title, category: r.category ?? null, mediaLists: r.category ? [r.category] : [] });
    const state = Y.encodeStateAsUpdate(ydoc);
    await writeSnapshot(trx, releaseDocName(row.id), state);
    ydoc.destroy();
    // What a sent release went out as (inboxes, e-mails and reports read this); the owner sent it.
    if (r.status === 'sent') await insertDemoSentVersion(trx, row, brand, clientId, state, usedSlugs);

    if (r.status !== 'sent' || !sentAt || !r.category) continue;

    // Deliveries, opens, clicks and reporting for the sent release.
    const recipients = listMembers.get(r.category) ?? [];
    const openers: string[] = [];
    const clicked: string[] = [];
    const events: Record<string, unknown>[] = [];
    const deliveries: Record<string, unknown>[] = [];
    const sinceSent = now.getTime() - sentAt.getTime();
    const later = (maxShare: number): Date =>
      new Date(sentAt.getTime() + Math.max(MINUTE, Math.floor(rand() * sinceSent * maxShare)));
    recipients.forEach((m, i) => {
      const bounced = i === recipients.length - 1 && recipients.length > 3 && r.key === 'results';
      const opened = !bounced && (m.id === mediaId || rand() < (r.openRatio ?? 0.5));
      const readAt = opened ? later(0.2) : null;
      deliveries.push({
        press_release_id: row.id,
        recipient_user_id: m.id,
        email: m.email,
        state: bounced ? 'bounced' : 'sent',
        error: bounced ? '550 5.1.1 Το γραμματοκιβώτιο δεν υπάρχει' : null,
        attempts: 1,
        read_at: readAt,
        bookmarked_at:
          m.id === mediaId && ['nireida', 'region', 'academy'].includes(r.key) && readAt
            ? new Date(readAt.getTime() + 5 * MINUTE)
            : null,
        created_at: sentAt,
        sent_at: bounced ? null : sentAt,
        // The notice in the bell (release-notices.ts): the demo journalist's recent ones unread.
        notice_read_at: m.id === mediaId && r.createdDaysAgo <= 20 ? null : new Date(sentAt.getTime() + 60 * MINUTE),
      });
      if (!opened || !readAt) return;
      openers.push(m.id);
      events.push({
        press_release_id: row.id,
        recipient_user_id: m.id,
        kind: 'open',
        channel: rand() < 0.7 ? 'email' : 'in_app',
        link: null,
        is_proxy: rand() < 0.1,
        created_at: readAt,
      });
      // About a third of the openers click one of the links, a few of them a second one.
      const links = r.links ?? [];
      const clicks = rand() < 0.35 ? (rand() < 0.25 ? 2 : 1) : 0;
      for (let c = 0; c < Math.min(clicks, links.length); c++) {
        const link = links[Math.floor(rand() * links.length)];
        if (!link) continue;
        clicked.push(link);
        events.push({
          press_release_id: row.id,
          recipient_user_id: m.id,
          kind: 'click',
          channel: 'email',
          link,
          is_proxy: false,
          created_at: new Date(readAt.getTime() + Math.floor(rand() * 20 + 1 + c * 5) * MINUTE),
        });
      }
    });
    // Every sent release shows at least one click so the CTR charts are not empty.
    const firstLink = r.links?.[0];
    const firstOpener = openers[0];
    if (clicked.length === 0 && firstLink && firstOpener) {
      clicked.push(firstLink);
      events.push({
        press_release_id: row.id,
        recipient_user_id: firstOpener,
        kind: 'click',
        channel: 'email',
        link: firstLink,
        is_proxy: false,
        created_at: new Date(sentAt.getTime() + 90 * MINUTE),
      });
    }
    if (deliveries.length) await trx('deliveries').insert(deliveries);
    if (events.length) await trx('reporting_events').insert(events);
    const lastEvent = events.reduce<Date>((max, e) => {
      const d = e.created_at as Date;
      return d > max ? d : max;
    }, sentAt);
    await trx('reporting').insert({
      press_release_id: row.id,
      opened_by: openers,
      clicked_links: clicked,
      coverage_links: r.coverage ?? [],
      created_at: sentAt,
      updated_at: lastEvent.getTime() > now.getTime() ? now : lastEvent,
    });
    audit.push({
      actor_user_id: clientId,
      actor_email: DEMO_EMAILS.client,
      actor_role: 'client',
      action_type: 'press_release.sent' satisfies AuditAction,
      entity_type: 'press_release',
      entity_id: row.id,
      metadata: JSON.stringify({
        title: r.title,
        category: r.category,
        recipients: recipients.length,
      }),
      created_at: sentAt,
    });
  }

  // Tasks of the organisation.
  for (const task of DEMO_TASKS) {
    const createdAt = at(task.createdDaysAgo, 9, 15);
    const [taskRow] = await trx('tasks')
      .insert({
        organisation_id: organisationId,
        title: task.title,
        description: task.description ?? null,
        assignee_user_id: task.assignee ? people[task.assignee] : null,
        priority: task.priority,
        due_date:
          task.dueInDays === undefined
            ? null
            : dateOnly(new Date(now.getTime() + task.dueInDays * DAY)),
        created_by: people[task.createdBy],
        status: task.status,
        press_release_id: task.releaseKey ? (releaseIds.get(task.releaseKey) ?? null) : null,
        version: task.status === 'open' ? 1 : 2,
        created_at: createdAt,
        updated_at:
          task.status === 'open' ? createdAt : at(Math.max(task.createdDaysAgo - 1, 0.1), 11),
      })
      .returning<{ id: string }[]>('id');
    audit.push({
      actor_user_id: people[task.createdBy],
      actor_email: task.createdBy === 'client' ? DEMO_EMAILS.client : DEMO_EMAILS.colleague,
      actor_role: 'client',
      action_type: 'task.create' satisfies AuditAction,
      entity_type: 'task',
      entity_id: taskRow?.id ?? null,
      metadata: JSON.stringify({ title: task.title, organisation_id: organisationId }),
      created_at: createdAt,
    });
  }

  // Resolved incidents.
  for (const inc of DEMO_INCIDENTS) {
    const started = at(inc.startedDaysAgo, 13, 20);
    const resolved = new Date(started.getTime() + inc.durationMinutes * MINUTE);
    await trx('incidents').insert({
      title: inc.title,
      status: 'resolved',
      impact: inc.impact,
      started_at: started,
      resolved_at: resolved,
      updates: JSON.stringify(
        inc.updates.map((u) => ({
          ts: new Date(started.getTime() + u.afterMinutes * MINUTE).toISOString(),
          message: u.message,
        })),
      ),
      created_at: started,
      updated_at: resolved,
    });
  }

  // Public-site submissions.
  for (const { daysAgo, ...lead } of DEMO_LEADS) {
    await trx('leads').insert({ ...lead, created_at: at(daysAgo, 10) });
  }
  for (const { daysAgo, inDays, ...req } of DEMO_DEMO_REQUESTS) {
    await trx('demo_requests').insert({
      ...req,
      preferred_date: inDays === null ? null : dateOnly(new Date(now.getTime() + inDays * DAY)),
      created_at: at(daysAgo, 11),
    });
  }

  if (audit.length) await trx('audit_logs').insert(audit);
}

/**
 * A demo company's plan: a 14-day trial from its sign-up, active (paid) for the approved
 * companies whose trial is long over, so the demo account never runs out of its trial.
 */
function demoPlan(u: DemoUser, createdAt: Date): Record<string, unknown> {
  const endsAt = new Date(createdAt.getTime() + TRIAL_DAYS * DAY);
  const paid = u.status === 'approved' && endsAt.getTime() < Date.now();
  return { plan_code: u.plan ?? DEFAULT_PLAN, trial_started_at: createdAt, trial_ends_at: endsAt, plan_activated_at: paid ? endsAt : null };
}

interface DemoOrganisation {
  id: string;
  name: string;
  logo_url: string | null;
  boilerplate: string | null;
  press_contact_name: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
}

interface DemoReleaseRow {
  id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  media_list_categories: Category[];
  sent_at: Date | null;
}

/**
 * The organisation a company's sign-up created, with its owner: reused when the owner already
 * owns one (never modified), else made from the demo company's fields.
 */
async function ensureOrganisation(trx: Knex, u: DemoUser, ownerId: string, createdAt: Date): Promise<string> {
  const owned = (await trx('organisation_members')
    .where({ user_id: ownerId, role: 'owner' })
    .orderBy('created_at')
    .first('organisation_id')) as { organisation_id: string } | undefined;
  if (owned) return owned.organisation_id;
  const [org] = await trx('organisations')
    .insert({
      created_by: ownerId,
      name: u.organization ?? u.name,
      status: u.status === 'pending' || u.status === 'rejected' ? u.status : 'approved',
      description: u.description ?? null,
      website: u.website ?? null,
      default_category: u.defaultCategory ?? null,
      ...u.newsroom,
      ...demoPlan(u, createdAt),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning<{ id: string }[]>('id');
  if (!org) throw new Error(`demo seed: organisation of ${u.email} not created`);
  await joinOrganisation(trx, org.id, ownerId, 'owner', createdAt);
  return org.id;
}

/** A membership (kept as it is when there already is one); the organisation becomes the user's active one if they had none. */
async function joinOrganisation(trx: Knex, organisationId: string, userId: string, role: string, joinedAt: Date): Promise<void> {
  await trx('organisation_members')
    .insert({ organisation_id: organisationId, user_id: userId, role, created_at: joinedAt })
    .onConflict(['organisation_id', 'user_id'])
    .ignore();
  await trx('profiles').where('user_id', userId).whereNull('active_organisation_id').update({ active_organisation_id: organisationId });
}

/**
 * What a demo release went out as, the way a send freezes it: the organisation's name, logo,
 * «Σχετικά με» text and press contact, the document's state, and an address in its newsroom
 * unique within the organisation.
 */
async function insertDemoSentVersion(
  trx: Knex,
  r: DemoReleaseRow,
  org: DemoOrganisation,
  senderId: string,
  docState: Uint8Array,
  usedSlugs: Set<string>,
): Promise<void> {
  const base = slugify(r.title, RELEASE_SLUG_MAX) || 'deltio-typou';
  let n = 1;
  while (usedSlugs.has(numberedSlug(base, n))) n++;
  const slug = numberedSlug(base, n);
  usedSlugs.add(slug);
  await trx('release_sent_versions').insert({
    press_release_id: r.id,
    organisation_id: org.id,
    title: r.title,
    content: r.content,
    content_text: r.content_text,
    search_text: r.search_text,
    category: r.category,
    media_list_categories: r.media_list_categories,
    attachments: JSON.stringify([]),
    sender_user_id: senderId,
    sender_name: org.name,
    sender_logo_url: org.logo_url,
    // A release with its own «Σχετικά με …» section does not get the organisation's as well.
    boilerplate: hasBoilerplateSection(r.content_text) ? null : org.boilerplate,
    press_contact_name: org.press_contact_name,
    press_contact_email: org.press_contact_email,
    press_contact_phone: org.press_contact_phone,
    embargo_until: null,
    slug,
    doc_state: Buffer.from(docState),
    approval_id: null,
    sent_at: r.sent_at,
  });
}

/** The id of the user with this e-mail, creating user and profile when missing. */
async function ensureUser(
  trx: Knex,
  u: DemoUser,
  passwordHash: string,
  createdAt: Date,
): Promise<string> {
  const existing = await trx('users')
    .whereRaw('lower(email) = ?', [u.email.toLowerCase()])
    .first<{ id: string } | undefined>('id');
  if (existing) return existing.id;
  const [user] = await trx('users')
    .insert({
      email: u.email,
      encrypted_password: passwordHash,
      user_metadata: JSON.stringify({
        role: u.role,
        name: u.name,
        organization: u.organization ?? null,
      }),
      email_confirmed_at: u.confirmed ? new Date(createdAt.getTime() + 10 * MINUTE) : null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning<{ id: string }[]>('id');
  if (!user) throw new Error(`demo seed: user ${u.email} not created`);
  // A client's company fields are their organisation's (ensureOrganisation), not the person's.
  const company = u.role === 'client';
  await trx('profiles').insert({
    user_id: user.id,
    name: u.name,
    email: u.email,
    role: u.role,
    organization: company ? null : (u.organization ?? null),
    description: company ? null : (u.description ?? null),
    status: u.status,
    is_active: u.isActive ?? true,
    onboarded: u.onboarded ?? false,
    website: company ? null : (u.website ?? null),
    categories: u.categories ?? [],
    digest_frequency: u.digest ?? 'none',
    created_at: createdAt,
    updated_at: createdAt,
    ...(u.role === 'superadmin' ? {} : { terms_version: TERMS_VERSION, terms_accepted_at: createdAt }),
  });
  return user.id;
}
