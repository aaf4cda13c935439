import { z } from 'zod';
import { APPROVAL_STATUSES, ASSIGNABLE_MEMBER_ROLES } from '../constants';
import { count, plural } from '../plural';

/** Approval before sending: a request binds one stored version; an approver decides on exactly that version. */
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

export const DEFAULT_APPROVAL_VERSION_NAME = 'Έκδοση για έγκριση';
export const APPROVAL_NOTE_MAX = 1000;

export const approvalIdParams = z.object({ id: z.uuid('id must be an approval id') });

export const approvalRequestBody = z.object({
  /** The name of the version that is sent for approval (default «Έκδοση για έγκριση»). */
  name: z.string().trim().max(120, 'Το όνομα μπορεί να έχει έως 120 χαρακτήρες').optional(),
  note: z.string().trim().max(APPROVAL_NOTE_MAX, `Το σχόλιο μπορεί να έχει έως ${APPROVAL_NOTE_MAX} χαρακτήρες`).optional(),
});
export type ApprovalRequestBody = z.infer<typeof approvalRequestBody>;

export const approvalDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Επιλέξτε έγκριση ή απόρριψη' }),
    /** The version the approver looked at: it must be the one the request is for. */
    versionId: z.uuid('versionId must be a version id'),
    comment: z.string().trim().max(APPROVAL_NOTE_MAX, `Το σχόλιο μπορεί να έχει έως ${APPROVAL_NOTE_MAX} χαρακτήρες`).default(''),
  })
  .refine((b) => b.decision === 'approve' || b.comment.length > 0, { path: ['comment'], message: 'Γράψτε τον λόγο της απόρριψης' });
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBody>;

export const approvalSchema = z.object({
  id: z.string(),
  releaseId: z.string(),
  releaseTitle: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  versionId: z.string(),
  versionSeq: z.number().int(),
  versionName: z.string().nullable(),
  status: approvalStatusSchema,
  /** The live document no longer says what the version says (an edit after the request or the approval). */
  stale: z.boolean(),
  requestedBy: z.object({ id: z.string(), name: z.string() }),
  requestedAt: z.string(),
  note: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string(),
  /** The release's review now: unresolved comment threads and suggested changes not yet accepted or rejected. */
  openComments: z.number().int(),
  pendingSuggestions: z.number().int(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /approvals: the approver's queue and the caller's own requests. */
export const approvalQueueSchema = z.object({
  isApprover: z.boolean(),
  pending: z.array(approvalSchema),
  mine: z.array(approvalSchema),
  decided: z.array(approvalSchema),
});
export type ApprovalQueue = z.infer<typeof approvalQueueSchema>;

export const approvalCountSchema = z.object({ pending: z.number().int() });

/** GET /releases/:id/approval: what the editor shows. */
export const releaseApprovalSchema = z.object({
  /** The release's workspace sends only after approval. */
  required: z.boolean(),
  /** The caller may approve requests of this release's workspace. */
  canApprove: z.boolean(),
  approval: approvalSchema.nullable(),
});
export type ReleaseApproval = z.infer<typeof releaseApprovalSchema>;

export const workspaceSettingsBody = z.object({ approval_required: z.boolean({ error: 'approval_required must be true or false' }) });
export const memberRoleBody = z.object({ role: z.enum(ASSIGNABLE_MEMBER_ROLES, { error: 'Ο ρόλος δεν είναι έγκυρος' }) });

/** Error codes of versions and approvals (the server's messages are Greek; the UI shows them). */
export const APPROVAL_ERRORS: Record<string, string> = {
  approval_required: 'Το δελτίο τύπου στέλνεται μόνο αφού εγκριθεί. Ζητήστε έγκριση της τρέχουσας έκδοσης.',
  approval_stale: 'Το δελτίο άλλαξε μετά την έγκριση (κείμενο, λίστες, εμβάργκο ή συνημμένα). Ζητήστε νέα έγκριση πριν από την αποστολή.',
  approval_pending: 'Η έγκριση εκκρεμεί. Το δελτίο στέλνεται μόλις εγκριθεί.',
  approval_rejected: 'Η έκδοση απορρίφθηκε. Διορθώστε το κείμενο και ζητήστε νέα έγκριση.',
  approval_not_pending: 'Το αίτημα έγκρισης δεν εκκρεμεί πλέον.',
  approval_version_mismatch: 'Το αίτημα αφορά άλλη έκδοση. Ανανεώστε τη σελίδα.',
  self_approval: 'Δεν μπορείτε να εγκρίνετε δικό σας αίτημα.',
  not_approver: 'Μόνο όσοι έχουν ρόλο εγκρίνοντος μπορούν να αποφασίσουν.',
  approval_off: 'Ο χώρος εργασίας δεν απαιτεί έγκριση πριν από την αποστολή.',
  read_only: 'Το δελτίο τύπου έχει σταλεί ή αρχειοθετηθεί· οι εκδόσεις του δεν επαναφέρονται.',
  review_open: 'Υπάρχουν εκκρεμείς προτάσεις ή ανοιχτά σχόλια· αποδεχτείτε ή απορρίψτε τις προτάσεις και επιλύστε τα σχόλια πριν από την έγκριση ή την αποστολή.',
};

type OpenReview = { openComments: number; pendingSuggestions: number };

/** «2 εκκρεμείς προτάσεις και 1 ανοιχτό σχόλιο»: only what is non-zero ('' when nothing is open). */
export function openReviewPhrase(c: OpenReview): string {
  const parts: string[] = [];
  if (c.pendingSuggestions > 0) parts.push(count(c.pendingSuggestions, 'εκκρεμής πρόταση', 'εκκρεμείς προτάσεις'));
  if (c.openComments > 0) parts.push(count(c.openComments, 'ανοιχτό σχόλιο', 'ανοιχτά σχόλια'));
  return parts.join(' και ');
}

/** «υπάρχουν 2 εκκρεμείς προτάσεις και 1 ανοιχτό σχόλιο» (the verb agrees: «υπάρχει 1 ανοιχτό σχόλιο»). */
export function openReviewClause(c: OpenReview): string {
  const total = Math.max(0, c.pendingSuggestions) + Math.max(0, c.openComments);
  return `${plural(total, 'υπάρχει', 'υπάρχουν')} ${openReviewPhrase(c)}`;
}

/** The refusal of approval or sending while review is open, naming how much is open. */
export function reviewOpenMessage(c: OpenReview): string {
  // The instruction names only what is open (the wording of the design note, review-in-editor.md B.5).
  const todo = [c.pendingSuggestions > 0 ? 'αποδεχτείτε ή απορρίψτε τις προτάσεις' : '', c.openComments > 0 ? 'επιλύστε τα σχόλια' : '']
    .filter(Boolean)
    .join(' και ');
  const clause = openReviewClause(c);
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}· ${todo} πριν από την έγκριση ή την αποστολή.`;
}
