import { z } from 'zod';
import { CATEGORIES, LIMITS, ROLES, SIGNUP_ROLES, USER_STATUSES } from '../constants';
import { TERMS_VERSION } from '../plans';

export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email('email is not valid'));

export const passwordSchema = z
  .string({ error: 'password is required' })
  .min(LIMITS.passwordMinLength, `password must have at least ${LIMITS.passwordMinLength} characters`)
  .max(200, 'password is too long');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must have at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const signupBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  data: z.object({
    role: z.enum(SIGNUP_ROLES, { error: 'role must be client or media' }),
    name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120),
    organization: optionalText(200),
    description: optionalText(2000),
  }),
  /** The plan chosen on the pricing page (`?plan=`); unknown or missing: the default plan. Clients only. */
  plan: z.string().trim().max(40, 'plan is too long').optional(),
  /** The terms of service were accepted, in this version (the terms page's). */
  terms_accepted: z.literal(true, { error: 'the terms of service must be accepted' }),
  terms_version: z.literal(TERMS_VERSION, { error: `terms_version must be ${TERMS_VERSION}` }),
  /** Where the confirmation link returns; only same-site paths are honoured. */
  redirect_to: z.string().max(500).optional(),
  /** Token of a workspace invitation being accepted with this sign-up. */
  invitation_token: z.string().max(200).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

/** A new password typed twice (sign-up, reset): the body's rules, then the two must match. */
const withConfirmedPassword = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwords do not match' });
  }
};
const confirmPassword = z.string().min(1, 'confirmPassword is required');

/** The sign-up form (client): signupBody's fields flat, plus the repeated password. */
export const signupForm = z
  .object({
    userType: signupBody.shape.data.shape.role,
    name: signupBody.shape.data.shape.name,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword,
    organization: optionalText(200),
    description: optionalText(2000),
    /** The terms-of-service box (the form's message kind "consent"), checked with the passwords below. */
    consent: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    // Checked here, not as a field rule: a field's failure would hide the passwords' mismatch,
    // and the form tells the mismatch first (lib/form-messages.ts).
    withConfirmedPassword(v, ctx);
    if (v.consent !== true) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'the terms of service must be accepted' });
  });

/** The reset-password form (client): a new password, typed twice. */
export const newPasswordForm = z.object({ password: passwordSchema, confirmPassword }).superRefine(withConfirmedPassword);

export const GRANT_TYPES = ['password', 'refresh_token'] as const;
export const tokenQuery = z.object({ grant_type: z.string().optional() });

export const passwordGrantBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
  /** Set by the hidden superadmin sign-in page; other pages leave it out. */
  login_path: z.string().max(200).optional(),
});
export type PasswordGrantBody = z.infer<typeof passwordGrantBody>;

/** The sign-in forms (client): passwordGrantBody without the login path. */
export const signInForm = passwordGrantBody.pick({ email: true, password: true });

export const refreshGrantBody = z.object({
  refresh_token: z.string({ error: 'refresh_token is required' }).min(20, 'refresh_token is required').max(200),
});

export const LOGOUT_SCOPES = ['global', 'local', 'others'] as const;
export type LogoutScope = (typeof LOGOUT_SCOPES)[number];

export const recoverBody = z.object({
  email: emailSchema,
  /** Set by the hidden superadmin sign-in page: recovery follows the portal rule of sign-in. */
  login_path: z.string().max(200).optional(),
});
/** "Forgot password" (client). */
export const recoverForm = recoverBody.pick({ email: true });

/** POST /resend: a new confirmation link for an account whose address is not confirmed yet. */
export const resendBody = z.object({ type: z.literal('signup', { error: 'type must be signup' }), email: emailSchema });

export { CONFIRM_STATUSES, SESSION_END_REASONS, type ConfirmStatus, type SessionEndReason } from '../accounts';

export const verifyBody = z.object({
  type: z.enum(['signup', 'recovery']),
  token: z.string().min(20).max(200),
});
export const updateUserBody = z
  .object({
    password: passwordSchema.optional(),
    /** Required with `password`, except in a session just opened by a recovery link. */
    current_password: z.string().min(1, 'current_password is required').max(200).optional(),
    data: z
      .object({
        name: z.string().trim().min(1).max(120).optional(),
        organization: optionalText(200),
      })
      .optional(),
  })
  .refine((b) => b.password !== undefined || b.data !== undefined, { message: 'nothing to update' });

export const authUser = z.object({
  id: z.uuid(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user_metadata: z.object({
    role: z.enum(ROLES),
    name: z.string(),
    organization: z.string().nullable(),
  }),
  app_metadata: z.object({ provider: z.literal('email') }),
});
export type AuthUser = z.infer<typeof authUser>;

export const sessionResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: authUser,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const profileSchema = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  organization: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  is_active: z.boolean(),
  onboarded: z.boolean(),
  default_category: z.enum(CATEGORIES).nullable(),
  company_logo_url: z.string().nullable(),
  website: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Auth error codes the client maps to the spec's Greek messages. */
export const AUTH_ERROR_CODES = [
  'invalid_credentials',
  'invalid_grant',
  'unsupported_grant_type',
  'unsupported_scope',
  'email_exists',
  'weak_password',
  'current_password_required',
  'invalid_current_password',
  'too_many_requests',
  'validation_failed',
  'email_not_confirmed',
  'user_banned',
  'user_inactive',
] as const;

/** An absolute http(s) address, as profiles store websites and logos. */
export const HTTP_URL_RE = /^https?:\/\/[^\s]+$/i;

const urlOrEmpty = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || HTTP_URL_RE.test(v), 'must be an http(s) URL')
  .transform((v) => (v === '' ? null : v));

/** What a user may change on their own profile (onboarding, settings). */
export const profilePatch = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(120).optional(),
    organization: z.string().trim().max(200).nullable().optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    onboarded: z.boolean().optional(),
    default_category: z.enum(CATEGORIES).nullable().optional(),
    company_logo_url: urlOrEmpty.nullable().optional(),
    website: urlOrEmpty.nullable().optional(),
    email_notifications: z
      .object({
        press_release_sent: z.boolean(),
        reporting_updates: z.boolean(),
        weekly_summary: z.boolean(),
        system_updates: z.boolean(),
      })
      .optional(),
  })
  .strict();
export type ProfilePatch = z.infer<typeof profilePatch>;
