import { rooms } from '../../../../shared/events';
import type { DictionaryWord, ReviewBody, ReviewResponse } from '../../../../shared/schemas/assistant';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { getRelease } from '../releases/releases.service';
import { requireMembership } from '../workspaces/workspaces.service';
import { presentWord } from './assistant.presenter';
import * as repo from './assistant.repo';
import type { ReviewInput, ReviewOutput } from './review/compute';
import { casingOf, fold } from './spelling/greek';

/**
 * The coach's review of a release as its editor has it now: misspelt words with corrections
 * (the workspace's own words count as known) and the press-release checks with their fixes.
 * The caller must be able to open the release (its author or a member of its workspace).
 * The review itself runs on a worker thread (review/compute.ts) within the pool's budget: the
 * event loop only reads the context and waits (issue 27).
 */
export async function review(ctx: AppContext, actor: Actor, body: ReviewBody): Promise<ReviewResponse> {
  await getRelease(ctx, actor, body.releaseId);
  const [release, contact] = await Promise.all([repo.releaseContext(ctx.db, body.releaseId), repo.profileContact(ctx.db, actor.userId)]);
  if (!release) throw notFound('Press release not found');
  const words = release.organisation_id ? await repo.listWords(ctx.db, release.organisation_id) : [];
  const input: ReviewInput = {
    doc: { title: body.title, blocks: body.blocks },
    ownWords: words.map((w) => w.word),
    context: {
      organization: { name: release.organization || release.owner_name || null, website: release.website, description: release.description },
      contact: contact ? { name: contact.name, email: contact.email } : null,
      publicUrl: ctx.config.publicUrl,
      newsroomSlug: release.newsroom_slug,
      pressKit: {
        boilerplate: Boolean(release.boilerplate?.trim()),
        contact: Boolean(release.press_contact_email?.trim() || release.press_contact_phone?.trim()),
      },
    },
    today: new Date().toISOString(),
  };
  const out = await ctx.cpu.run<ReviewOutput>('assistant.review', input);
  return { workspaceId: release.organisation_id, ...out };
}

export async function listWords(ctx: AppContext, actor: Actor, workspaceId: string): Promise<DictionaryWord[]> {
  await requireMembership(ctx.db, workspaceId, actor.userId);
  return (await repo.listWords(ctx.db, workspaceId)).map(presentWord);
}

/** Teaches the workspace a word (a name, a brand); every member's speller knows it from now on. */
export async function addWord(ctx: AppContext, actor: Actor, workspaceId: string, word: string): Promise<{ word: DictionaryWord; created: boolean }> {
  const result = await ctx.db.transaction(async (trx) => {
    await requireMembership(trx, workspaceId, actor.userId);
    // A word in capitals is the word the workspace already has without its tonos (ΝΗΡΗΙΔΑ = Νηρηίδα).
    const same = casingOf(word) === 'upper' ? (await repo.listWords(trx, workspaceId)).find((w) => fold(w.word) === fold(word)) : undefined;
    const { id, created } = same ? { id: same.id, created: false } : await repo.insertWord(trx, workspaceId, word, actor.userId);
    if (created) {
      await writeAudit(trx, ctx.logger, actor, { action: 'workspace_word.add', entityType: 'workspace', entityId: workspaceId, metadata: { word } });
    }
    const row = (await repo.listWords(trx, workspaceId)).find((w) => w.id === id)!;
    return { word: presentWord(row), created };
  });
  if (result.created) ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:dictionary_changed', { workspaceId });
  return result;
}

export async function removeWord(ctx: AppContext, actor: Actor, workspaceId: string, wordId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (trx) => {
    await requireMembership(trx, workspaceId, actor.userId);
    const row = await repo.deleteWord(trx, workspaceId, wordId);
    if (!row) throw notFound('Word not found');
    await writeAudit(trx, ctx.logger, actor, { action: 'workspace_word.remove', entityType: 'workspace', entityId: workspaceId, metadata: { word: row.word } });
    return row;
  });
  if (removed) ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:dictionary_changed', { workspaceId });
}
