import { rooms } from '../../../../shared/events';
import type { DictionaryWord, ReviewBody, ReviewResponse } from '../../../../shared/schemas/assistant';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { roleMay } from '../../../../shared/organisation-roles';
import { requireOrganisation, requireRelease } from '../organisations/access';
import { presentWord } from './assistant.presenter';
import * as repo from './assistant.repo';
import type { ReviewInput, ReviewOutput } from './review/compute';
import { casingOf, fold } from './spelling/greek';

/**
 * The coach's review of a release as its editor has it now: misspelt words with corrections
 * (the organisation's own words count as known) and the press-release checks with their fixes,
 * read against the organisation's company profile and newsroom. Any member of the release's
 * organisation may ask (a reviewer too); outside it, 404.
 * The review itself runs on a worker thread (review/compute.ts) within the pool's budget: the
 * event loop only reads the context and waits.
 */
export async function review(ctx: AppContext, actor: Actor, body: ReviewBody): Promise<ReviewResponse> {
  const { membership } = await requireRelease(ctx.db, actor, body.releaseId, 'read');
  const [release, contact] = await Promise.all([repo.releaseContext(ctx.db, body.releaseId), repo.profileContact(ctx.db, actor.userId)]);
  if (!release) throw notFound('Press release not found');
  const words = await repo.listWords(ctx.db, release.organisation_id);
  const input: ReviewInput = {
    doc: { title: body.title, blocks: body.blocks },
    ownWords: words.map((w) => w.word),
    context: {
      organization: { name: release.organization || null, website: release.website, description: release.description },
      contact: contact ? { name: contact.name, email: contact.email } : null,
      publicUrl: ctx.config.publicUrl,
      newsroomSlug: release.newsroom_slug,
      pressKit: {
        boilerplate: Boolean(release.boilerplate?.trim()),
        contact: Boolean(release.press_contact_email?.trim() || release.press_contact_phone?.trim()),
      },
    },
    today: ctx.clock.now().toISOString(),
  };
  const out = await ctx.cpu.run<ReviewOutput>('assistant.review', input);
  return { ...out, workspaceId: release.organisation_id, canEditWords: roleMay(membership.role, 'words.write') };
}

/** The organisation's own words (names, brands) the speller accepts: every member reads them. */
export async function listWords(ctx: AppContext, actor: Actor, organisationId: string): Promise<{ words: DictionaryWord[]; canEdit: boolean }> {
  const m = await requireOrganisation(ctx.db, actor, organisationId, 'read');
  return { words: (await repo.listWords(ctx.db, organisationId)).map(presentWord), canEdit: roleMay(m.role, 'words.write') };
}

/** Teaches the organisation a word (a name, a brand); every member's speller knows it from now on ('words.write'). */
export async function addWord(ctx: AppContext, actor: Actor, organisationId: string, word: string): Promise<{ word: DictionaryWord; created: boolean }> {
  const result = await ctx.db.transaction(async (trx) => {
    await requireOrganisation(trx, actor, organisationId, 'words.write');
    // A word in capitals is the word the organisation already has without its tonos (ΝΗΡΗΙΔΑ = Νηρηίδα).
    const same = casingOf(word) === 'upper' ? (await repo.listWords(trx, organisationId)).find((w) => fold(w.word) === fold(word)) : undefined;
    const { id, created } = same ? { id: same.id, created: false } : await repo.insertWord(trx, organisationId, word, actor.userId);
    if (created) {
      await writeAudit(trx, ctx.logger, actor, {
        action: 'workspace_word.add',
        entityType: 'organisation',
        entityId: organisationId,
        metadata: { word, organisation_id: organisationId },
      });
    }
    const row = (await repo.listWords(trx, organisationId)).find((w) => w.id === id)!;
    return { word: presentWord(row), created };
  });
  if (result.created) ctx.realtime.broadcast(rooms.organisation(organisationId), 'workspace:dictionary_changed', { workspaceId: organisationId });
  return result;
}

export async function removeWord(ctx: AppContext, actor: Actor, organisationId: string, wordId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (trx) => {
    await requireOrganisation(trx, actor, organisationId, 'words.write');
    const row = await repo.deleteWord(trx, organisationId, wordId);
    if (!row) throw notFound('Word not found');
    await writeAudit(trx, ctx.logger, actor, {
      action: 'workspace_word.remove',
      entityType: 'organisation',
      entityId: organisationId,
      metadata: { word: row.word, organisation_id: organisationId },
    });
    return row;
  });
  if (removed) ctx.realtime.broadcast(rooms.organisation(organisationId), 'workspace:dictionary_changed', { workspaceId: organisationId });
}
