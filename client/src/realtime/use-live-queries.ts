import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { toast } from '@client/components/ui/use-toast';
import { useSession } from '@client/stores/session';
import { subscribeLiveQueries } from './live-queries';

/**
 * The one place that listens to the server: mounted once by the signed-in layout (and by
 * the public status page). Components read queries; they do not subscribe to sockets.
 */
export function useLiveQueries(): void {
  const qc = useQueryClient();
  const me = useSession((s) => s.profile?.user_id ?? null);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    // Socket.IO is its own chunk: public pages that never go live never download it.
    void import('./socket').then(({ getSocket }) => {
      if (unmounted) return;
      unsubscribe = subscribeLiveQueries(getSocket(), qc, me, {
        notification: (n) => {
          // A notice about another organisation's work waits in that organisation's bell.
          const active = qc.getQueryData<{ organisations: { id: string; active: boolean }[] }>(queryKeys.myOrganisations)?.organisations.find((o) => o.active)?.id;
          if (n.organisationId && active && n.organisationId !== active) return;
          toast({ title: n.title, description: n.body ?? undefined });
        },
        removedFromWorkspace: () =>
          toast({
            title: 'Προσοχή',
            description: 'Αφαιρεθήκατε από έναν οργανισμό. Δεν έχετε πλέον πρόσβαση σε αυτόν.',
            variant: 'destructive',
          }),
      });
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [qc, me]);
}
