import { APPROVAL_ERRORS, reviewOpenMessage, type ReleaseApproval } from '@shared/schemas/approvals';

/**
 * Why the organisation's approval rule keeps "Αποστολή τώρα" and "Προγραμματισμός" from going
 * through right now (the server's own Greek reasons), or null: the buttons are disabled with
 * this reason beside them, instead of a refusal after the click.
 */
export function approvalBlock(a: ReleaseApproval | undefined): string | null {
  if (!a?.required) return null;
  const current = a.approval;
  if (!current || current.status === 'superseded' || current.status === 'sent') return APPROVAL_ERRORS.approval_required!;
  if (current.status === 'pending') return APPROVAL_ERRORS.approval_pending!;
  if (current.status === 'rejected') return APPROVAL_ERRORS.approval_rejected!;
  if (current.stale) return APPROVAL_ERRORS.approval_stale!;
  if (current.openComments > 0 || current.pendingSuggestions > 0) return reviewOpenMessage(current);
  return null;
}
