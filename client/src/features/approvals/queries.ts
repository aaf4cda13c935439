/** Approval before sending: the approver's queue, a release's approval, and the calls that change them. */
import { useQuery } from '@tanstack/react-query';
import { approvalQueueSchema, approvalSchema, releaseApprovalSchema, type ApprovalDecisionBody, type ApprovalRequestBody } from '@shared/schemas/approvals';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

export const useApprovalQueue = () =>
  useQuery({ queryKey: queryKeys.approvals, queryFn: ({ signal }) => api('GET', '/approvals', { schema: approvalQueueSchema, signal }) });

export const useReleaseApproval = (releaseId: string) =>
  useQuery({
    queryKey: queryKeys.releaseApproval(releaseId),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/approval`, { schema: releaseApprovalSchema, signal }),
  });

export const approvalCalls = {
  request: (releaseId: string, body: ApprovalRequestBody) => api('POST', `/releases/${releaseId}/approval-requests`, { body, schema: approvalSchema }),
  decide: (approvalId: string, body: ApprovalDecisionBody) => api('POST', `/approvals/${approvalId}/decision`, { body, schema: approvalSchema }),
  setRequired: (workspaceId: string, required: boolean) => api('PATCH', `/organisations/${workspaceId}/settings`, { body: { approval_required: required } }),
};
