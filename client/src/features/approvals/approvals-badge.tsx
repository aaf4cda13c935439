import { useQuery } from '@tanstack/react-query';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

/**
 * The sidebar's count of requests waiting for the signed-in approver (kept small: it is part
 * of the signed-in shell). Live: `approvals:changed` refreshes every approvals query.
 */
export function ApprovalsBadge() {
  const q = useQuery({ queryKey: queryKeys.approvalCount, queryFn: ({ signal }) => api('GET', '/approvals/count', { signal }) as Promise<{ pending: number }> });
  const n = q.data?.pending ?? 0;
  if (!n) return null;
  return (
    <span data-testid="approvals-badge" aria-label={`${n} σε αναμονή`} className="ml-auto rounded-full bg-red-600 px-1.5 text-[11px] font-semibold leading-5 text-white">
      {n > 99 ? '99+' : n}
    </span>
  );
}
