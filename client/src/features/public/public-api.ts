import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { useNav } from '@client/components/nav';
import {
  demoRequestSchema,
  leadSchema,
  plansResponse,
  statusResponse,
  type DemoRequestBody,
  type LeadBody,
} from '@shared/schemas/public-site';
import { api } from '@client/api/http';
import { toast } from '@client/components/ui/use-toast';

import { PUBLIC_MSG as MSG } from './public-messages';

export const plansQueryKey = ['public', 'plans'] as const;
export const statusQueryKey = queryKeys.publicStatus;

export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: async () => (await api('GET', '/plans', { schema: plansResponse })).plans,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useStatus() {
  return useQuery({
    queryKey: statusQueryKey,
    // Read even when the browser says it is offline: a failed read is what shows the status
    // as unavailable (paused, the page would keep showing the last status as if current).
    networkMode: 'always',
    queryFn: async () => {
      try {
        return await api('GET', '/status', { schema: statusResponse });
      } catch (err) {
        // A failed read is only logged; the page says the status is unavailable (null), never "all operational".
        console.warn('Could not load the system status', err);
        return null;
      }
    },
  });
}

export function useSendLead() {
  const { navigate } = useNav();
  return useMutation({
    mutationFn: (body: LeadBody) => api('POST', '/leads', { body, schema: leadSchema }),
    onSuccess: () => {
      toast({ title: MSG.sendOk, variant: 'success' });
      navigate('/thank-you');
    },
    onError: () => toast({ title: 'Σφάλμα', description: MSG.sendFail, variant: 'destructive' }),
  });
}

export function useSendDemoRequest() {
  const { navigate } = useNav();
  return useMutation({
    mutationFn: (body: DemoRequestBody) =>
      api('POST', '/demo-requests', { body, schema: demoRequestSchema }),
    onSuccess: () => {
      toast({ title: MSG.submitOk, variant: 'success' });
      navigate('/thank-you');
    },
    onError: () => toast({ title: 'Σφάλμα', description: MSG.submitFail, variant: 'destructive' }),
  });
}

