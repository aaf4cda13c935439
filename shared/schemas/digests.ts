/** The superadmin's view of the daily and weekly digests: a preview and "run now". */
import { z } from 'zod';
import { DIGEST_FREQUENCIES, DIGEST_KINDS } from '../constants';

export const digestKindParams = z.object({ kind: z.enum(DIGEST_KINDS, { error: 'kind must be daily or weekly' }) });

export const digestPreviewQuery = z.object({ recipient: z.uuid('recipient is not a user id').optional() });

export const digestPreview = z.object({
  kind: z.enum(DIGEST_KINDS),
  /** The moment the preview was made: a run now would cover up to it. */
  generatedAt: z.string(),
  nextRunAt: z.string(),
  lastRun: z
    .object({ at: z.string(), by: z.string().nullable(), recipients: z.number().int(), releases: z.number().int() })
    .nullable(),
  totals: z.object({ recipients: z.number().int(), releases: z.number().int(), held: z.number().int() }),
  recipients: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      frequency: z.enum(DIGEST_FREQUENCIES),
      releases: z.number().int(),
      /** Releases held back by the journalist's daily limit. */
      held: z.number().int(),
    }),
  ),
  /** One recipient's e-mail as it would be sent. */
  sample: z.object({ userId: z.string(), to: z.string(), subject: z.string(), html: z.string(), text: z.string() }).nullable(),
});
export type DigestPreview = z.infer<typeof digestPreview>;

export const digestRunResult = z.object({ recipients: z.number().int(), releases: z.number().int() });
export type DigestRunResult = z.infer<typeof digestRunResult>;
