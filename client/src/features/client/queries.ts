/** The client area's own data (dashboard), with keys from api/query-keys.ts, refreshed live by realtime/live-queries.ts. */
import { useQuery } from '@tanstack/react-query';
import { clientDashboard } from '@shared/schemas/dashboard';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

export const useClientDashboard = () => useQuery({ queryKey: queryKeys.clientDashboard, queryFn: () => api('GET', '/client/dashboard', { schema: clientDashboard }) });
