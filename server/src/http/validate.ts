import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest, zodFields } from './errors';
import { BAD_TEXT_MESSAGE, findBadText } from './input-guard';

type Part = 'body' | 'query' | 'params';

/**
 * Parses one part of the request with a shared zod schema. On failure: 400
 * `validation_failed` naming every bad field. The parsed value is stored in
 * res.locals.valid[part] (Express 5's req.query is read-only). Text that cannot be
 * stored (NUL bytes, unpaired surrogates) is refused first, whatever the schema says.
 */
export function validate<S extends z.ZodType>(part: Part, schema: S): RequestHandler {
  return (req, res, next) => {
    const input: unknown = req[part] ?? {};
    const bad = findBadText(input);
    if (bad !== null) {
      next(badRequest('validation_failed', 'Invalid input', { [bad === '_' ? part : bad]: BAD_TEXT_MESSAGE }));
      return;
    }
    const result = schema.safeParse(input);
    if (!result.success) {
      next(badRequest('validation_failed', 'Invalid input', zodFields(result.error)));
      return;
    }
    const locals = res.locals as { valid?: Partial<Record<Part, unknown>> };
    locals.valid = { ...locals.valid, [part]: result.data };
    next();
  };
}

/** Reads what validate() stored, typed by the same schema. */
export function valid<S extends z.ZodType>(
  res: { locals: Record<string, unknown> },
  part: Part,
  _schema: S,
): z.infer<S> {
  const store = res.locals.valid as Partial<Record<Part, unknown>> | undefined;
  return store?.[part] as z.infer<S>;
}
