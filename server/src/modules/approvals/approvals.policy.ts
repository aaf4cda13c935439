/** Pure decisions of the approval flow. */

/** The outcome of a send under the approval rule, from the release's current approval. */
export type GateOutcome = 'ok' | 'approval_required' | 'approval_pending' | 'approval_rejected' | 'approval_stale';

export function gate(
  approval: { status: string; content_hash: string; scope_hash?: string | null } | undefined,
  liveHash: string,
  liveScopeHash?: string,
): GateOutcome {
  if (!approval) return 'approval_required';
  if (approval.status === 'pending') return 'approval_pending';
  if (approval.status === 'rejected') return 'approval_rejected';
  if (approval.status !== 'approved') return 'approval_required';
  return approval.content_hash === liveHash && !scopeChanged(approval, liveScopeHash) ? 'ok' : 'approval_stale';
}

/** Whether the embargo or the attachments changed since the approval was asked for (not judged for older requests). */
export function scopeChanged(approval: { scope_hash?: string | null }, liveScopeHash: string | undefined): boolean {
  return Boolean(approval.scope_hash) && liveScopeHash !== undefined && approval.scope_hash !== liveScopeHash;
}

/** Why a scheduled send did not go out, as the author's notification says it (a phrase, not a sentence). */
export const GATE_REASONS: Record<Exclude<GateOutcome, 'ok'> | 'review_open', string> = {
  approval_required: 'δεν έχει ζητηθεί έγκριση του κειμένου',
  approval_pending: 'η έγκριση του κειμένου εκκρεμεί',
  approval_rejected: 'η έκδοση για έγκριση απορρίφθηκε',
  approval_stale: 'το κείμενο άλλαξε μετά την έγκριση',
  review_open: 'υπάρχουν εκκρεμείς προτάσεις ή ανοιχτά σχόλια',
};
