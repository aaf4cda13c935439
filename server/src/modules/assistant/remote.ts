import { z } from 'zod';
import type { Logger } from '../../logger';
import type { AssistantInput, AssistantProvider, Suggestions } from './builtin';

const answer = z.object({
  titles: z.array(z.string().min(1)).min(3),
  summary: z.string().min(1),
  improved: z.string().min(1),
  changes: z.array(z.string().min(1)).max(20).optional(),
});

const SYSTEM = [
  'Είσαι επιμελητής δελτίων τύπου στα ελληνικά.',
  'Απάντησε ΜΟΝΟ με JSON της μορφής {"titles": [τρεις τίτλοι], "summary": "περίληψη 1-3 προτάσεων", "improved": "βελτιωμένο κείμενο", "changes": ["σύντομη περιγραφή κάθε αλλαγής"]}.',
  'Μη προσθέτεις γεγονότα που δεν υπάρχουν στο κείμενο. Χρησιμοποίησε ελληνική στίξη και εισαγωγικά «».',
].join(' ');

/** An OpenAI-compatible chat endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export function remoteAssistant(
  cfg: { baseUrl: string; apiKey: string | undefined; model: string },
  fallback: AssistantProvider,
  logger: Logger,
  timeoutMs = 20_000,
): AssistantProvider {
  return {
    async suggest(input: AssistantInput): Promise<Suggestions> {
      try {
        const res = await fetch(`${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          signal: AbortSignal.timeout(timeoutMs),
          headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
          body: JSON.stringify({
            model: cfg.model,
            temperature: 0.4,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: SYSTEM },
              { role: 'user', content: `Τίτλος: ${input.title || '(χωρίς τίτλο)'}\n\nΚείμενο:\n${input.text}` },
            ],
          }),
        });
        if (!res.ok) throw new Error(`AI endpoint answered ${res.status}`);
        const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
        const content = body.choices?.[0]?.message?.content ?? '';
        const parsed = answer.parse(JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')));
        const changes = parsed.changes?.length
          ? parsed.changes.map((label) => ({ label, count: 1 }))
          : parsed.improved.trim() === input.text.trim()
            ? []
            : [{ label: 'Επιμέλεια από το μοντέλο AI', count: 1 }];
        return { titles: parsed.titles.slice(0, 3), summary: parsed.summary, improved: parsed.improved, changes, keyphrases: [], source: 'remote' };
      } catch (err) {
        logger.warn({ err }, 'assistant: remote provider failed; using the built-in assistant');
        return fallback.suggest(input);
      }
    },
  };
}
