import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { erasureConfirmed, erasureState, pendingErasureList } from '@shared/schemas/data-rights';
import { api, downloadFile } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

/** Data rights: one's export, one's erasure request, and the superadmin's pending erasures. */
export function downloadMyData(): Promise<void> {
  return downloadFile('/account/export', 'deltio-data.zip');
}

export function useErasureState() {
  return useQuery({
    queryKey: queryKeys.accountErasure,
    queryFn: ({ signal }) => api('GET', '/account/erasure', { schema: erasureState, signal }),
  });
}

export function useErasureActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.accountErasure });
  return {
    request: useMutation({
      mutationFn: (password: string) => api('POST', '/account/erasure', { body: { password } }),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: (token: string) => api('POST', '/account/erasure/confirm', { body: { token }, schema: erasureConfirmed }),
    }),
    withdraw: useMutation({
      mutationFn: () => api('DELETE', '/account/erasure'),
      onSuccess: refresh,
    }),
  };
}

export function usePendingErasures() {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.adminErasures,
    queryFn: ({ signal }) => api('GET', '/admin/erasures', { schema: pendingErasureList, signal }),
  });
  const onSuccess = (data: { items: unknown[] }) => qc.setQueryData(queryKeys.adminErasures, data);
  const erase = useMutation({
    mutationFn: (id: string) => api('POST', `/admin/erasures/${id}/erase`, { schema: pendingErasureList }),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api('POST', `/admin/erasures/${id}/cancel`, { schema: pendingErasureList }),
    onSuccess,
  });
  return { list, erase, cancel };
}
