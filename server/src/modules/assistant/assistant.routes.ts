import { dictionaryAddBody, dictionaryParams, dictionaryWordParams, reviewBody, suggestionsBody } from '../../../../shared/schemas/assistant';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import * as service from './assistant.service';
import type { AssistantProvider, Suggestions } from './builtin';
import { remoteAssistant } from './remote';

/** The built-in assistant on the CPU pool's threads (TextRank and the speller never run on the event loop). */
const pooledBuiltin = (ctx: Pick<AppContext, 'cpu'>): AssistantProvider => ({
  suggest: (input) => ctx.cpu.run<Suggestions>('assistant.suggest', input),
});

export function assistantProvider(ctx: Pick<AppContext, 'config' | 'logger' | 'cpu'>): AssistantProvider {
  const builtin = pooledBuiltin(ctx);
  return ctx.config.ai ? remoteAssistant(ctx.config.ai, builtin, ctx.logger) : builtin;
}

export function assistantRoutes(api: ApiRouter, ctx: AppContext): void {
  const provider = assistantProvider(ctx);
  const clients = ['client'] as const;

  /** Three titles, a summary and an improved text for the actual content (built-in, or the configured AI endpoint). */
  api.post('/assistant/suggestions', clients, validate('body', suggestionsBody), async (_req, res) => {
    const { title, text } = valid(res, 'body', suggestionsBody);
    if (!text.trim()) throw badRequest('empty_content', 'Enter some text to get suggestions', { text: 'required' });
    res.json(await provider.suggest({ title, text }));
  });

  /** The coach: spelling and press-release checks of the release as the editor has it now. */
  api.post('/assistant/review', clients, validate('body', reviewBody), async (_req, res) => {
    res.json(await service.review(ctx, actorOf(res), valid(res, 'body', reviewBody)));
  });

  /** The organisation's own words (names, brands) that the speller accepts: members read, 'words.write' changes. */
  api.get('/organisations/:id/dictionary', clients, validate('params', dictionaryParams), async (_req, res) => {
    const { id } = valid(res, 'params', dictionaryParams);
    res.json(await service.listWords(ctx, actorOf(res), id));
  });

  api.post('/organisations/:id/dictionary', clients, validate('params', dictionaryParams), validate('body', dictionaryAddBody), async (_req, res) => {
    const { id } = valid(res, 'params', dictionaryParams);
    const { word, created } = await service.addWord(ctx, actorOf(res), id, valid(res, 'body', dictionaryAddBody).word);
    res.status(created ? 201 : 200).json(word);
  });

  api.delete('/organisations/:id/dictionary/:wordId', clients, validate('params', dictionaryWordParams), async (_req, res) => {
    const { id, wordId } = valid(res, 'params', dictionaryWordParams);
    await service.removeWord(ctx, actorOf(res), id, wordId);
    res.status(204).end();
  });
}
