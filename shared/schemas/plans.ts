/** Plans and the trial of a client account: the client's view and the superadmin's actions. */
import { z } from 'zod';
import { PLAN_CODES } from '../constants';
import { PLAN_STATES, TRIAL_EXTEND_MAX_DAYS } from '../plans';

const limits = z.object({
  releases_per_month: z.number().nullable(),
  recipients_per_release: z.number().nullable(),
  members: z.number().nullable(),
});

/** GET /api/account/plan: the signed-in client's plan, trial, limits and what they used. */
export const accountPlan = z.object({
  plan: z.object({ code: z.enum(PLAN_CODES), name: z.string() }).nullable(),
  state: z.enum(PLAN_STATES).nullable(),
  trial_started_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  limits,
  /** In the client's own workspace: releases sent or scheduled this month (Athens), and its users with pending invitations. */
  usage: z.object({ releases_this_month: z.number(), members: z.number() }),
});
export type AccountPlan = z.infer<typeof accountPlan>;

/** POST /api/admin/users/:id/trial */
export const extendTrialBody = z.object({
  days: z
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(TRIAL_EXTEND_MAX_DAYS, `days may be at most ${TRIAL_EXTEND_MAX_DAYS}`),
});
export type ExtendTrialBody = z.infer<typeof extendTrialBody>;

/** PUT /api/admin/users/:id/plan: the plan, and whether it is active (paid) or stays on trial. */
export const setPlanBody = z.object({
  plan_code: z.enum(PLAN_CODES, { error: `plan_code must be one of ${PLAN_CODES.join(', ')}` }),
  active: z.boolean({ error: 'active must be true or false' }),
});
export type SetPlanBody = z.infer<typeof setPlanBody>;

/** Refusal codes of the superadmin's plan actions (409). */
export const PLAN_ACTION_ERRORS = ['no_plan', 'plan_active'] as const;
