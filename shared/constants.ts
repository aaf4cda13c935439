/**
 * Enumerations and limits from the product specification (both documents).
 * Used by the database check constraints, the zod schemas and the UI labels.
 */

export const PRODUCT_NAME = 'Deltio';

export const ROLES = ['client', 'media', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may pick at sign-up (superadmin is never offered). */
export const SIGNUP_ROLES = ['client', 'media'] as const;

export const USER_STATUSES = ['pending', 'approved', 'rejected', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CATEGORIES = ['politics', 'economy', 'tech', 'culture', 'lifestyle', 'sports'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  politics: 'Πολιτική',
  economy: 'Οικονομία',
  tech: 'Τεχνολογία',
  culture: 'Πολιτισμός',
  lifestyle: 'Lifestyle',
  sports: 'Αθλητισμός',
};
export const DEFAULT_CATEGORY: Category = 'politics';

export const RELEASE_STATUSES = ['draft', 'scheduled', 'sent', 'archived'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  draft: 'Πρόχειρο',
  scheduled: 'Προγραμματισμένο',
  sent: 'Απεστάλη',
  archived: 'Αρχειοθετημένο',
};

export const TASK_STATUSES = ['open', 'in_progress', 'done', 'blocked'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/**
 * Roles inside an organisation, most powerful first: owner (everything, billing, delete the
 * organisation), admin (members, roles, settings, newsroom), publisher (writes, approves,
 * sends, schedules), editor (writes, asks for approval; never sends), reviewer (reads,
 * comments, suggests). What each may do is in server/src/modules/organisations/access.ts.
 */
export const ORGANISATION_ROLES = ['owner', 'admin', 'publisher', 'editor', 'reviewer'] as const;
/** An organisation is approved by the superadmin once, at its company sign-up. */
export const ORGANISATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Roles the owner can give a member (the owner role is not given). */
export const ASSIGNABLE_MEMBER_ROLES = ['admin', 'publisher', 'editor', 'reviewer'] as const;

/** Kinds of a release's stored versions: after a pause in editing, named by a member, at each send, and each restore. */
export const VERSION_KINDS = ['auto', 'named', 'send', 'restore'] as const;
/**
 * An approval request: pending until an approver decides; superseded by a newer request; sent
 * when the approved version went out.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'superseded', 'sent'] as const;

export const SYSTEM_STATES = ['operational', 'degraded', 'outage'] as const;
export type SystemState = (typeof SYSTEM_STATES)[number];
export const SYSTEM_STATE_LABELS: Record<SystemState, string> = {
  operational: 'Σε λειτουργία',
  degraded: 'Υποβαθμισμένη λειτουργία',
  outage: 'Εκτός λειτουργίας',
};
export const STATUS_COMPONENTS = ['api', 'app', 'database', 'emails', 'newsletters'] as const;
export type StatusComponent = (typeof STATUS_COMPONENTS)[number];

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical'] as const;

export const LEAD_SOURCES = ['pricing', 'contact'] as const;
export const DEMO_ROLES = ['client', 'media'] as const;
export const DEMO_TIME_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export const DEMO_STATUSES = ['new', 'contacted', 'scheduled', 'done', 'cancelled'] as const;

export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'bounced', 'suppressed', 'complained'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

// Deliverability: what receiving systems answer, and the suppression list every send honours.
/** How a bounce or complaint reached us. */
export const MAIL_EVENT_SOURCES = ['smtp_session', 'dsn', 'arf', 'ses', 'postmark', 'mailgun'] as const;
export type MailEventSource = (typeof MAIL_EVENT_SOURCES)[number];
/** What it means: hard → suppressed at once; soft → counted; complaint → suppressed for the sender; delayed → recorded only. */
export const MAIL_EVENT_KINDS = ['hard', 'soft', 'complaint', 'delayed'] as const;
export type MailEventKind = (typeof MAIL_EVENT_KINDS)[number];
export const SUPPRESSION_REASONS = ['hard_bounce', 'soft_bounce_limit', 'complaint', 'manual', 'import'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_SOURCES = [...MAIL_EVENT_SOURCES, 'admin', 'csv'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];
/** What an outbox row is for: complaint and organisation suppressions block only release and digest mail. */
export const MAIL_PURPOSES = ['release', 'digest', 'account', 'notice'] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number];
export const SENDING_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type SendingDomainStatus = (typeof SENDING_DOMAIN_STATUSES)[number];
export const DIGEST_FREQUENCIES = ['none', 'daily', 'weekly'] as const;
/** The digest runs (a frequency other than none). */
export const DIGEST_KINDS = ['daily', 'weekly'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
/** A journalist's own limit of releases per day (empty: no limit). */
export const DAILY_RELEASE_LIMIT_MAX = 1000;
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const AUDIT_ACTIONS = [
  'user.approve',
  'user.reject',
  'user.ban',
  'user.unban',
  'user.role_change',
  'user.deactivate',
  'user.activate',
  'media_list.add',
  'media_list.remove',
  'media_list.bulk_import',
  'press_release.sent',
  'newsletter.daily.run',
  'newsletter.weekly.run',
  'email.sent',
  'task.create',
  'task.update',
  'press_release.scheduled',
  'press_release.unscheduled',
  'press_release.schedule_failed',
  'press_release.archived',
  'press_release.deleted',
  'email.test',
  // version history and approval before sending
  'press_release.version_saved',
  'press_release.version_restored',
  'approval.requested',
  'approval.approved',
  'approval.rejected',
  'approval.stale',
  'approval.send_refused',
  'workspace.settings_changed',
  'workspace.member_role_changed',
  'workspace_word.add',
  'workspace_word.remove',
  'user.trial_extend',
  'user.plan_change',
  'organisation.member_removed',
  'organisation.deleted',
  // comments on the text
  'comment.created',
  'comment.replied',
  'comment.edited',
  'comment.deleted',
  'comment.resolved',
  'comment.reopened',
  // suggested changes in the editor
  'suggestion.accepted',
  'suggestion.rejected',
  // deliverability
  'sending_domain.added',
  'sending_domain.verified',
  'sending_domain.failed',
  'sending_domain.removed',
  'suppression.added',
  'suppression.removed',
  'suppression.imported',
  'suppression.exported',
  'bounce.suppressed',
  // data rights (GDPR): export and account erasure
  'account.data_exported',
  'account.erasure_requested',
  'account.erasure_scheduled',
  'account.erasure_cancelled',
  'account.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An account erasure request's states (account_erasures.status). */
export const ERASURE_STATUSES = ['requested', 'scheduled', 'cancelled', 'erased'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];
/** Days between confirming an erasure by e-mail and the erasure; a sign-in meanwhile cancels it. */
export const ERASURE_GRACE_DAYS = 14;

export const PLAN_CODES = ['starter', 'pro', 'enterprise'] as const;
export const PLAN_FEATURE_KEYS = [
  'press_releases_per_month',
  'ai_level',
  'reporting',
  'media_targeting',
  'users',
  'support',
  'sso',
  'compliance',
  'sla',
] as const;

export const COOKIE_CONSENT_KEY = 'cookie_consent_v1';
export const COOKIE_CONSENT_VERSION = 'v1';

export const LIMITS = {
  passwordMinLength: 8,
  onboardingSteps: 5,
  listPageSize: 10,
  usersPageSize: 10,
  mediaPageSize: 10,
  trialDays: 14,
  logoMaxBytes: 2 * 1024 * 1024,
  incidentWindowDays: 90,
  reportsDefaultRangeDays: 30,
  weeklyChartWeeks: 8,
  sidebarCookieDays: 7,
  tooltipDelayMs: 700,
  mobileBreakpointPx: 768,
} as const;

export const TOAST = { limit: 1, durationMs: 5000, swipeThreshold: 50, hotkey: ['F8'] } as const;

export const HEALTH_THRESHOLDS = {
  dbLatencyMs: { green: 100, yellow: 200 },
  emailQueue: { green: 50, yellow: 100 },
  newsletterQueue: { green: 10, yellow: 20 },
} as const;

/**
 * Mail over the last 7 days, in %: a warning above `warn`, an error above `error`. Bounces over
 * 2 % and complaints over 0.1 % are where mailbox providers start to throttle; 0.3 % of
 * complaints is Gmail's and Yahoo's limit for bulk senders.
 */
export const MAIL_RATE_THRESHOLDS = {
  windowDays: 7,
  bounceRate: { warn: 2, error: 5 },
  complaintRate: { warn: 0.1, error: 0.3 },
} as const;

export const ROLE_HOMES: Record<Role, string> = {
  client: '/client',
  media: '/media',
  superadmin: '/superadmin',
};
