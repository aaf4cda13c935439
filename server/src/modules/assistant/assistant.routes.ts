import { suggestionsBody } from '../../../../shared/schemas/assistant';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { badRequest } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import { builtinAssistant, type AssistantProvider } from './builtin';
import { remoteAssistant } from './remote';

export function assistantProvider(ctx: Pick<AppContext, 'config' | 'logger'>): AssistantProvider {
  return ctx.config.ai ? remoteAssistant(ctx.config.ai, builtinAssistant, ctx.logger) : builtinAssistant;
}

/** POST /api/assistant/suggestions: three titles, a summary and an improved text for the actual content. */
export function assistantRoutes(api: ApiRouter, ctx: AppContext): void {
  const provider = assistantProvider(ctx);
  api.post('/assistant/suggestions', ['client'], validate('body', suggestionsBody), async (_req, res) => {
    const { title, text } = valid(res, 'body', suggestionsBody);
    if (!text.trim()) throw badRequest('empty_content', 'Enter some text to get suggestions', { text: 'required' });
    res.json(await provider.suggest({ title, text }));
  });
}
