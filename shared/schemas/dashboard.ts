import { z } from 'zod';
import { CATEGORIES, ORGANISATION_ROLES, ORGANISATION_STATUSES, RELEASE_STATUSES, TASK_PRIORITIES, TASK_STATUSES } from '../constants';
import { HTTP_URL_RE, profilePatch, profileSchema } from './auth';

/** A number now (all time) and its change: last 30 days against the 30 days before. */
const stat = z.object({
  value: z.number(),
  /** Same measure for the last 30 days and the 30 days before them. */
  current: z.number(),
  previous: z.number(),
  /** current - previous (count difference, or percentage points for rates). */
  change: z.number(),
});
export type DashboardStat = z.infer<typeof stat>;

export const clientDashboard = z.object({
  stats: z.object({
    totalReleases: stat,
    openRate: stat,
    ctr: stat,
    downloads: stat.extend({ tracked: z.boolean() }),
  }),
  quick: z.object({
    openRate: z.number(),
    clickRate: z.number(),
    engagement: z.number(),
    deliveries: z.number().int(),
    openers: z.number().int(),
    clickers: z.number().int(),
    sentReleases: z.number().int(),
  }),
  recent: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      category: z.enum(CATEGORIES).nullable(),
      status: z.enum(RELEASE_STATUSES),
      created_at: z.string(),
      scheduled_at: z.string().nullable(),
      sent_at: z.string().nullable(),
    }),
  ),
  upcoming: z.object({
    scheduled: z.array(
      z.object({ id: z.uuid(), title: z.string(), scheduled_at: z.string(), category: z.enum(CATEGORIES).nullable() }),
    ),
    tasks: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        due_date: z.string(),
        status: z.enum(TASK_STATUSES),
        priority: z.enum(TASK_PRIORITIES),
        overdue: z.boolean(),
      }),
    ),
  }),
});
export type ClientDashboard = z.infer<typeof clientDashboard>;

export const emailNotificationsSchema = z.object({
  press_release_sent: z.boolean(),
  reporting_updates: z.boolean(),
  weekly_summary: z.boolean(),
  system_updates: z.boolean(),
});
export type EmailNotifications = z.infer<typeof emailNotificationsSchema>;

/**
 * The organisation a client works in now, as GET /profile names it: the company fields of the
 * profile (organization, description, website, default_category, company_logo_url) are its.
 */
export const profileOrganisation = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  /** The superadmin's approval of the organisation. */
  status: z.enum(ORGANISATION_STATUSES),
});
export type ProfileOrganisation = z.infer<typeof profileOrganisation>;

/**
 * The profile as the settings screen reads it (GET /profile carries these columns too). For a
 * client the company fields are those of the active organisation (shared by its members;
 * changed by its owners and admins, 403 role_forbidden for the other roles).
 */
export const settingsProfile = profileSchema.extend({
  /** A client's active organisation and their role in it; null for everyone else. */
  organisation: profileOrganisation.nullable().optional(),
  email_notifications: emailNotificationsSchema,
  /** Whether the account's e-mail address is confirmed: until then nothing is mailed on its behalf (shared/accounts.ts). */
  email_confirmed: z.boolean(),
});
export type SettingsProfile = z.infer<typeof settingsProfile>;

export const logoUploadResponse = z.object({ url: z.string() });

export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Our own uploaded logos are served at this relative path. */
export const OWN_LOGO_URL_RE = /^\/api\/profile\/logo\/[0-9a-f]{32}\.(png|jpeg|webp|gif)$/;

/** PATCH /profile body: the profile patch, with the logo also allowed as one of our uploads. */
export const settingsPatch = profilePatch.extend({
  company_logo_url: z
    .string()
    .trim()
    .max(500, 'must have at most 500 characters')
    .refine((v) => v === '' || HTTP_URL_RE.test(v) || OWN_LOGO_URL_RE.test(v), 'must be an http(s) URL')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatch>;

/**
 * The clients' onboarding wizard, checked step by step and sent as the
 * PATCH /profile body (settingsPatch, which the server checks): the company step (its name,
 * required here; its site and logo, http(s) links or empty) and the default category.
 */
export const onboardingCompanyStep = z.object({
  organization: z
    .string({ error: 'organization is required' })
    .trim()
    .min(1, 'organization is required')
    .max(200, 'organization must have at most 200 characters'),
  website: profilePatch.shape.website,
  company_logo_url: profilePatch.shape.company_logo_url,
});
export const onboardingForm = onboardingCompanyStep.extend({
  default_category: z.enum(CATEGORIES, { error: 'default_category is required' }),
});
