import { z } from 'zod';
import {
  DEMO_ROLES,
  DEMO_STATUSES,
  DEMO_TIME_SLOTS,
  INCIDENT_IMPACTS,
  INCIDENT_STATUSES,
  LEAD_SOURCES,
  PLAN_CODES,
  STATUS_COMPONENTS,
  SYSTEM_STATES,
} from '../constants';
import { emailSchema } from './auth';

// ------------------------------------------------------------------ helpers

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must have at most ${max} characters`);

/** Optional text: empty or missing becomes null. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must have at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const LIMITS_PUBLIC = {
  name: 120,
  company: 200,
  message: 5000,
  notes: 2000,
  incidentTitle: 200,
  incidentMessage: 2000,
} as const;

/** Today's date (YYYY-MM-DD) in Europe/Athens, the business day of the platform. */
export function athensToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Athens',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

// ------------------------------------------------------------------ plans

export const planFeatureValue = z.union([z.string(), z.boolean(), z.array(z.string())]);
export type PlanFeatureValue = z.infer<typeof planFeatureValue>;

export const planSchema = z.object({
  id: z.string(),
  code: z.enum(PLAN_CODES),
  name: z.string(),
  description: z.string().nullable(),
  /** Whole euros per month, excl. VAT; null = on request. */
  monthly_price: z.number().nullable(),
  /** Whole euros per year, excl. VAT; null = on request. */
  yearly_price: z.number().nullable(),
  features: z.record(z.string(), planFeatureValue),
});
export type Plan = z.infer<typeof planSchema>;
export const plansResponse = z.object({ plans: z.array(planSchema) });

// ------------------------------------------------------------------ leads and demo requests

export const leadBody = z.object({
  full_name: requiredText('full_name', LIMITS_PUBLIC.name),
  email: emailSchema,
  company: optionalText('company', LIMITS_PUBLIC.company),
  message: optionalText('message', LIMITS_PUBLIC.message),
  source: z.enum(LEAD_SOURCES, { error: 'source must be pricing or contact' }),
});
export type LeadBody = z.input<typeof leadBody>;

export const leadSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string().nullable(),
  source: z.enum(LEAD_SOURCES),
  created_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const demoRequestBody = z
  .object({
    full_name: requiredText('full_name', LIMITS_PUBLIC.name),
    email: emailSchema,
    company: requiredText('company', LIMITS_PUBLIC.company),
    role: z.enum(DEMO_ROLES, { error: 'role must be client or media' }),
    preferred_date: z
      .string({ error: 'preferred_date must be a date' })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine(
        (v) => v === null || (isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
        {
          message: 'preferred_date must be a date (YYYY-MM-DD)',
        },
      ),
    preferred_time: z
      .union([z.enum(DEMO_TIME_SLOTS), z.literal('')], {
        error: 'preferred_time must be morning, afternoon or evening',
      })
      .nullish()
      .transform((v) => (v ? v : null)),
    notes: optionalText('notes', LIMITS_PUBLIC.notes),
  })
  .superRefine((body, ctx) => {
    if (body.preferred_date && body.preferred_date < athensToday()) {
      ctx.addIssue({
        code: 'custom',
        path: ['preferred_date'],
        message: 'preferred_date cannot be before today',
      });
    }
  });
export type DemoRequestBody = z.input<typeof demoRequestBody>;

/**
 * The public forms: the API bodies above plus what each screen requires on top (spec): the
 * client checks these with react-hook-form, the server keeps checking the bodies.
 */
const consent = z.literal(true, { error: 'consent is required' });
export const contactForm = leadBody.omit({ source: true }).extend({
  message: requiredText('message', LIMITS_PUBLIC.message),
  consent,
});
export const quoteForm = leadBody.omit({ source: true }).extend({
  company: requiredText('company', LIMITS_PUBLIC.company),
});
export const demoForm = demoRequestBody.safeExtend({ consent });

export const demoRequestSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  company: z.string(),
  role: z.enum(DEMO_ROLES),
  preferred_date: z.string().nullable(),
  preferred_time: z.enum(DEMO_TIME_SLOTS).nullable(),
  notes: z.string().nullable(),
  status: z.enum(DEMO_STATUSES),
  created_at: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

// ------------------------------------------------------------------ status page and incidents

export const systemState = z.enum(SYSTEM_STATES, {
  error: 'state must be operational, degraded or outage',
});
export type ComponentsMap = Record<
  (typeof STATUS_COMPONENTS)[number],
  (typeof SYSTEM_STATES)[number]
>;

export const componentsSchema = z.object(
  Object.fromEntries(STATUS_COMPONENTS.map((c) => [c, systemState])) as Record<
    (typeof STATUS_COMPONENTS)[number],
    typeof systemState
  >,
);

export const incidentUpdate = z.object({ ts: z.string(), message: z.string() });
export type IncidentUpdate = z.infer<typeof incidentUpdate>;

export const incidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  impact: z.enum(INCIDENT_IMPACTS),
  started_at: z.string(),
  resolved_at: z.string().nullable(),
  updates: z.array(incidentUpdate),
});
export type Incident = z.infer<typeof incidentSchema>;

export const statusResponse = z.object({
  overall: systemState,
  components: componentsSchema,
  updated_at: z.string().nullable(),
  uptime: z.object({ days30: z.number(), days90: z.number() }),
  incidents: z.array(incidentSchema),
});
export type StatusResponse = z.infer<typeof statusResponse>;

export const statusPut = z.object({
  overall: systemState,
  components: componentsSchema,
});
export type StatusPut = z.infer<typeof statusPut>;

export const incidentCreate = z.object({
  title: requiredText('title', LIMITS_PUBLIC.incidentTitle),
  status: z.enum(INCIDENT_STATUSES, { error: 'status is not valid' }).default('investigating'),
  impact: z.enum(INCIDENT_IMPACTS, { error: 'impact is not valid' }).default('minor'),
  message: optionalText('message', LIMITS_PUBLIC.incidentMessage),
});
export type IncidentCreate = z.input<typeof incidentCreate>;

export const incidentPatch = z
  .object({
    status: z.enum(INCIDENT_STATUSES, { error: 'status is not valid' }).optional(),
    impact: z.enum(INCIDENT_IMPACTS, { error: 'impact is not valid' }).optional(),
    message: optionalText('message', LIMITS_PUBLIC.incidentMessage),
  })
  .refine((p) => p.status !== undefined || p.impact !== undefined || p.message !== null, {
    message: 'status, impact or message is required',
    path: ['message'],
  });
export type IncidentPatch = z.input<typeof incidentPatch>;

/**
 * The superadmin's update form of one incident (its current status given): the typed update
 * and the status picked, sent as the server's incidentPatch (a message, or the status if it
 * changed; one of the two is required, as there).
 */
export const incidentUpdateForm = (current: (typeof INCIDENT_STATUSES)[number]) =>
  z
    .object({
      message: z.string(),
      status: z.enum(INCIDENT_STATUSES, { error: 'status is not valid' }),
    })
    .transform(
      ({ message, status }): z.input<typeof incidentPatch> => ({
        message: message.trim() || null,
        ...(status !== current ? { status } : {}),
      }),
    )
    .pipe(incidentPatch);

export const idParams = z.object({ id: z.uuid('id is not valid') });

// ------------------------------------------------------------------ cookie consent

export const cookieConsentBody = z.object({
  version: z.literal('v1', { error: 'version must be v1' }).default('v1'),
  necessary: z.literal(true, { error: 'necessary is always true' }).default(true),
  functional: z.boolean({ error: 'functional must be a boolean' }),
  performance: z.boolean({ error: 'performance must be a boolean' }),
  marketing: z.boolean({ error: 'marketing must be a boolean' }),
});
export type CookieConsentBody = z.input<typeof cookieConsentBody>;

export const cookieConsentSchema = z.object({
  version: z.string(),
  necessary: z.boolean(),
  functional: z.boolean(),
  performance: z.boolean(),
  marketing: z.boolean(),
  updated_at: z.string(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;

// ------------------------------------------------------------------ platform settings

export const platformSettingsSchema = z.object({
  signup_requires_approval: z.boolean({ error: 'signup_requires_approval must be a boolean' }),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
