/** An organisation's sending domains (GET/POST/DELETE /api/organisations/:id/sending-domains, …/verify). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendingDomainSchema, sendingDomainsResponse, type SendingDomainCreateBody } from '@shared/schemas/sending-domains';
import { api } from '@client/api/http';

/** Under the organisations prefix: an organisation change refreshes it too. */
export const sendingDomainsKey = (organisationId: string) => ['organisations', organisationId, 'sending-domains'] as const;

export function useSendingDomains(organisationId: string | undefined) {
  return useQuery({
    queryKey: sendingDomainsKey(organisationId ?? ''),
    queryFn: () => api('GET', `/organisations/${organisationId}/sending-domains`, { schema: sendingDomainsResponse }),
    enabled: !!organisationId,
  });
}

export function useSendingDomainActions(organisationId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: sendingDomainsKey(organisationId) });
  const base = `/organisations/${organisationId}/sending-domains`;
  return {
    add: useMutation({
      mutationFn: (body: SendingDomainCreateBody) => api('POST', base, { body, schema: sendingDomainSchema }),
      onSuccess: refresh,
    }),
    verify: useMutation({
      mutationFn: (domainId: string) => api('POST', `${base}/${domainId}/verify`, { schema: sendingDomainSchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (domainId: string) => api('DELETE', `${base}/${domainId}`),
      onSuccess: refresh,
    }),
  };
}
