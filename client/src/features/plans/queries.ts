/** The signed-in client's plan and trial (GET /api/account/plan), kept fresh live by profile:changed. */
import { useQuery } from '@tanstack/react-query';
import { accountPlan } from '@shared/schemas/plans';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { useSession } from '@client/stores/session';

export function useAccountPlan() {
  const isClient = useSession((s) => s.profile?.role === 'client');
  return useQuery({
    queryKey: queryKeys.accountPlan,
    queryFn: () => api('GET', '/account/plan', { schema: accountPlan }),
    enabled: isClient,
  });
}
