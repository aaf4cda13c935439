import { z } from 'zod';
import { ERASURE_STATUSES } from '../constants';

/** GET /api/account/export?files=include|omit — the ZIP of one's own data, with or without the files one uploaded. */
export const dataExportQuery = z.object({
  files: z.enum(['include', 'omit'], { error: 'files must be include or omit' }).default('include'),
});
export type DataExportQuery = z.infer<typeof dataExportQuery>;

/** POST /api/account/erasure — the first step of deleting one's account: the password. */
export const erasureRequestBody = z.object({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024),
});
export type ErasureRequestBody = z.infer<typeof erasureRequestBody>;

/** POST /api/account/erasure/confirm — the second step: the token of the e-mailed link. */
export const erasureConfirmBody = z.object({
  token: z.string({ error: 'token is required' }).min(20, 'token is not valid').max(200, 'token is not valid'),
});
export type ErasureConfirmBody = z.infer<typeof erasureConfirmBody>;

/** An organisation that blocks the erasure: the account is its last owner and others work in it. */
export const erasureBlocker = z.object({ organisationId: z.string(), name: z.string() });

/** GET /api/account/erasure — one's own open request, and what would block a new one. */
export const erasureState = z.object({
  request: z
    .object({
      id: z.string(),
      status: z.enum(ERASURE_STATUSES),
      requestedAt: z.string(),
      dueAt: z.string().nullable(),
    })
    .nullable(),
  /** Organisations whose last owner the account is, with other members: transfer ownership first. */
  blockers: z.array(erasureBlocker),
  /** Whether the role may ask (a superadmin account is removed by another superadmin). */
  allowed: z.boolean(),
});
export type ErasureState = z.infer<typeof erasureState>;

export const erasureConfirmed = z.object({ status: z.literal('scheduled'), dueAt: z.string() });

/** GET /api/admin/erasures — pending erasures for the superadmin. */
export const pendingErasure = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(['requested', 'scheduled']),
  requestedAt: z.string(),
  dueAt: z.string().nullable(),
});
export type PendingErasure = z.infer<typeof pendingErasure>;
export const pendingErasureList = z.object({ items: z.array(pendingErasure) });

export const erasureIdParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
