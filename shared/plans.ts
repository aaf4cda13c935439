/**
 * Plans, the free trial and the limits each plan promises. A client account has a
 * plan (plans.code) from sign-up (the pricing page's `?plan=`, else DEFAULT_PLAN) and a
 * 14-day trial. There is no payment provider: the superadmin marks a plan as active (paid,
 * arranged with the customer) or extends a trial. Every limit below is enforced by the
 * server (server/src/modules/plans/) with the Greek messages of this file, and is exactly
 * what the pricing page states (plans.features; a test compares the two).
 */
import { LIMITS, PLAN_CODES } from './constants';
import { CONTACT_DETAILS } from './contact';
import { count } from './plural';

export type PlanCode = (typeof PLAN_CODES)[number];

/** A sign-up without `?plan=` gets the full product to try. */
export const DEFAULT_PLAN: PlanCode = 'pro';
export const TRIAL_DAYS = LIMITS.trialDays;
/** The in-app and e-mail notice goes out this many days before the trial ends. */
export const TRIAL_NOTICE_DAYS = 3;
export const TRIAL_EXTEND_MAX_DAYS = 90;

/** trial: within the trial; active: a plan the superadmin activated; expired: the trial is over. */
export const PLAN_STATES = ['trial', 'active', 'expired'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  trial: 'Δοκιμαστική περίοδος',
  active: 'Ενεργό πλάνο',
  expired: 'Η δοκιμή έληξε',
};

/** What a plan allows; null is unlimited. Stored in plans.limits. */
export interface PlanLimits {
  /** Releases sent (or scheduled) per calendar month (Athens time), per workspace. */
  releases_per_month: number | null;
  /** Recipients (journalists) one release may reach. */
  recipients_per_release: number | null;
  /** Users of the workspace, the owner and pending invitations included. */
  members: number | null;
}

export const PLAN_LIMIT_KEYS = ['releases_per_month', 'recipients_per_release', 'members'] as const satisfies readonly (keyof PlanLimits)[];

export const NO_LIMITS: PlanLimits = { releases_per_month: null, recipients_per_release: null, members: null };

/** The limits of the three plans as first installed (the migration and the seed write them). */
export const SEED_PLAN_LIMITS: Record<PlanCode, PlanLimits> = {
  starter: { releases_per_month: 5, recipients_per_release: 100, members: 1 },
  pro: { releases_per_month: null, recipients_per_release: null, members: 5 },
  enterprise: NO_LIMITS,
};

/** Reads plans.limits (jsonb), tolerating missing keys (unlimited). */
export function parseLimits(raw: unknown): PlanLimits {
  const v = (typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw) as Partial<Record<keyof PlanLimits, unknown>> | null;
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : null);
  return {
    releases_per_month: n(v?.releases_per_month),
    recipients_per_release: n(v?.recipients_per_release),
    members: n(v?.members),
  };
}

export interface PlanFields {
  plan_code: string | null;
  plan_activated_at: Date | string | null;
  trial_ends_at: Date | string | null;
}

/** The state of an account's plan now; null for accounts without a plan (media, superadmin). */
export function planStateOf(p: PlanFields, now: Date = new Date()): PlanState | null {
  if (!p.plan_code) return null;
  if (p.plan_activated_at) return 'active';
  if (p.trial_ends_at && new Date(p.trial_ends_at).getTime() > now.getTime()) return 'trial';
  return 'expired';
}

/** Whole days left in the trial, rounded up (0 once it ended). */
export function trialDaysLeft(endsAt: Date | string | null, now: Date = new Date()): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.ceil((new Date(endsAt).getTime() - now.getTime()) / 86_400_000));
}

/** "σε 1 ημέρα" / "σε 3 ημέρες" */
export function inDays(n: number): string {
  return `σε ${count(n, 'ημέρα', 'ημέρες')}`;
}

/** The version of the terms of service a sign-up accepts (the terms page shows it). */
export const TERMS_VERSION = '2026-11-25';
export const TERMS_UPDATED = '25 Νοεμβρίου 2026';

/** Error codes of the plan checks (403 for the trial, 409 for a limit). */
export const PLAN_ERROR_CODES = ['trial_expired', 'plan_limit_releases', 'plan_limit_recipients', 'plan_limit_members'] as const;
export type PlanErrorCode = (typeof PLAN_ERROR_CODES)[number];
export const isPlanError = (code: string): code is PlanErrorCode => (PLAN_ERROR_CODES as readonly string[]).includes(code);

const CHOOSE_PLAN = `επικοινωνήστε μαζί μας στο ${CONTACT_DETAILS.email} ή στο ${CONTACT_DETAILS.phone}`;

/** The Greek messages of the plan checks: the server sends them, the client shows them. */
export const PLAN_MESSAGES = {
  trialExpired: `Η δωρεάν δοκιμή 14 ημερών έληξε. Η αποστολή δελτίων τύπου και οι προσκλήσεις νέων μελών είναι απενεργοποιημένες μέχρι να ενεργοποιηθεί το πλάνο σας: ${CHOOSE_PLAN}. Τα πρόχειρα, οι αναφορές και τα δεδομένα σας παραμένουν διαθέσιμα.`,
  trialEndsBefore: (endDate: string) =>
    `Η δωρεάν δοκιμή λήγει στις ${endDate}. Για αποστολή μετά από αυτή την ημερομηνία χρειάζεται ενεργό πλάνο: ${CHOOSE_PLAN}.`,
  releases: (plan: string, limit: number, month: string) =>
    `Το πλάνο ${plan} περιλαμβάνει έως ${count(limit, 'δελτίο τύπου', 'δελτία τύπου')} τον μήνα και το όριο του μήνα (${month}) έχει συμπληρωθεί. Για περισσότερα δελτία αναβαθμίστε το πλάνο σας: ${CHOOSE_PLAN}.`,
  recipients: (plan: string, limit: number, count: number) =>
    `Το πλάνο ${plan} περιλαμβάνει αποστολή σε έως ${limit.toLocaleString('el-GR')} επαφές media ανά δελτίο, ενώ οι επιλεγμένες λίστες έχουν ${count.toLocaleString('el-GR')}. Επιλέξτε λιγότερες λίστες ή αναβαθμίστε το πλάνο σας: ${CHOOSE_PLAN}.`,
  members: (plan: string, limit: number) =>
    limit <= 1
      ? `Το πλάνο ${plan} περιλαμβάνει 1 χρήστη, οπότε δεν μπορείτε να προσκαλέσετε μέλη. Για ομάδα αναβαθμίστε το πλάνο σας: ${CHOOSE_PLAN}.`
      : `Το πλάνο ${plan} περιλαμβάνει έως ${limit} χρήστες (μαζί με τις προσκλήσεις σε εκκρεμότητα) και ο χώρος εργασίας τους έχει συμπληρώσει. Για περισσότερους αναβαθμίστε το πλάνο σας: ${CHOOSE_PLAN}.`,
} as const;

/** Why a scheduled send was abandoned, as the notification's fragment ("«Τίτλος»: <reason>."). */
export const PLAN_SCHEDULE_REASONS: Record<PlanErrorCode, string> = {
  trial_expired: 'η δωρεάν δοκιμή του λογαριασμού έληξε',
  plan_limit_releases: 'συμπληρώθηκε το μηνιαίο όριο δελτίων του πλάνου σας',
  plan_limit_recipients: 'οι παραλήπτες ξεπερνούν το όριο του πλάνου σας ανά δελτίο',
  plan_limit_members: 'συμπληρώθηκε το όριο χρηστών του πλάνου σας',
};
