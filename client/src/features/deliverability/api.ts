import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryState, SuppressionReason } from '@shared/constants';
import {
  addSuppressionResult,
  deliveryTable,
  importSuppressionsResult,
  mediaSuppressions,
  suppressionPage,
  type AddSuppressionBody,
} from '@shared/schemas/suppressions';
import { api, ApiError, downloadFile } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { refreshQueries } from '@client/lib/refresh';

/** Which suppression list: an organisation's, or the platform's global one (the superadmin's). */
export type SuppressionScope =
  { kind: 'organisation'; organisationId: string } | { kind: 'global' };

const base = (s: SuppressionScope) =>
  s.kind === 'global' ? '/admin/suppressions' : `/organisations/${s.organisationId}/suppressions`;
const scopeKey = (s: SuppressionScope) =>
  s.kind === 'global' ? 'global' : `org:${s.organisationId}`;

export function useSuppressions(
  scope: SuppressionScope | null,
  q: string,
  reason: SuppressionReason | 'all',
  page: number,
) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  if (reason !== 'all') params.set('reason', reason);
  return useQuery({
    queryKey: queryKeys.suppressionList(scope ? scopeKey(scope) : 'none', params.toString()),
    queryFn: ({ signal }) =>
      api('GET', `${base(scope!)}?${params.toString()}`, { schema: suppressionPage, signal }),
    enabled: !!scope,
    placeholderData: keepPreviousData,
  });
}

export function useSuppressionActions(scope: SuppressionScope | null) {
  const qc = useQueryClient();
  const done = () => refreshQueries(qc, queryKeys.suppressions);
  const path = () => base(scope!);
  return {
    add: useMutation({
      mutationFn: (body: AddSuppressionBody) =>
        api('POST', path(), { body, schema: addSuppressionResult }),
      onSuccess: done,
    }),
    lift: useMutation({
      mutationFn: (id: string) => api('DELETE', `${path()}/${id}`),
      onSuccess: done,
    }),
    importCsv: useMutation({
      mutationFn: (text: string) =>
        api('POST', `${path()}/import`, { body: { text }, schema: importSuppressionsResult }),
      onSuccess: done,
    }),
    exportCsv: useMutation({ mutationFn: () => downloadFile(`${path()}.csv`, 'suppressions.csv') }),
  };
}

/** A release's delivery table (its organisation's members); refreshed live by report:changed. */
export function useDeliveries(releaseId: string, page: number, state: DeliveryState | 'all') {
  const params = new URLSearchParams({ page: String(page) });
  if (state !== 'all') params.set('state', state);
  return useQuery({
    queryKey: queryKeys.releaseDeliveries(releaseId, params.toString()),
    queryFn: ({ signal }) =>
      api('GET', `/client/reports/${releaseId}/deliveries?${params.toString()}`, {
        schema: deliveryTable,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: (failures, err) => !(err instanceof ApiError && err.status === 404) && failures < 1,
  });
}

/** The journalist's own complaints, and taking one back. */
export function useMediaSuppressions() {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.mediaSuppressions,
    queryFn: ({ signal }) =>
      api('GET', '/media/suppressions', { schema: mediaSuppressions, signal }),
  });
  const lift = useMutation({
    mutationFn: (id: string) => api('DELETE', `/media/suppressions/${id}`),
    onSuccess: () => refreshQueries(qc, queryKeys.mediaSuppressions),
  });
  return { list, lift };
}
