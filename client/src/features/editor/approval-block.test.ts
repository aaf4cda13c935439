import { describe, expect, it } from 'vitest';
import { APPROVAL_ERRORS, type ReleaseApproval } from '@shared/schemas/approvals';
import { approvalBlock } from './approval-block';

const approval = (o: Partial<NonNullable<ReleaseApproval['approval']>>): ReleaseApproval => ({
  required: true,
  canApprove: false,
  approval: { status: 'approved', stale: false, openComments: 0, pendingSuggestions: 0, ...o } as NonNullable<ReleaseApproval['approval']>,
});

describe('what keeps the send buttons disabled under the approval rule', () => {
  it('is nothing without the rule, or with a fresh approval and closed review', () => {
    expect(approvalBlock(undefined)).toBeNull();
    expect(approvalBlock({ required: false, canApprove: false, approval: null })).toBeNull();
    expect(approvalBlock(approval({}))).toBeNull();
  });
  it('names the reason otherwise, in the server’s words', () => {
    expect(approvalBlock({ required: true, canApprove: false, approval: null })).toBe(APPROVAL_ERRORS.approval_required);
    expect(approvalBlock(approval({ status: 'sent' }))).toBe(APPROVAL_ERRORS.approval_required);
    expect(approvalBlock(approval({ status: 'pending' }))).toBe(APPROVAL_ERRORS.approval_pending);
    expect(approvalBlock(approval({ status: 'rejected' }))).toBe(APPROVAL_ERRORS.approval_rejected);
    expect(approvalBlock(approval({ stale: true }))).toBe(APPROVAL_ERRORS.approval_stale);
    expect(approvalBlock(approval({ openComments: 1 }))).toMatch(/1 ανοιχτό σχόλιο/);
  });
});
