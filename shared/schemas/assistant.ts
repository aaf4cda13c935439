import { z } from 'zod';

export const suggestionsBody = z.object({
  title: z.string().max(300, 'title is too long').default(''),
  text: z.string().max(50_000, 'text is too long'),
});

export const suggestionsResponse = z.object({
  titles: z.array(z.string()),
  summary: z.string(),
  improved: z.string(),
  source: z.enum(['builtin', 'remote']),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;
