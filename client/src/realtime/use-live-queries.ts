import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { toast } from '@client/components/ui/use-toast';
import { useSession } from '@client/stores/session';
import { listenLive } from './live-queries';

/**
 * The one place that listens to the server: mounted once by the signed-in layout (and by
 * the public status page). Components read queries; they do not subscribe to sockets.
 */
export function useLiveQueries(): void {
  const qc = useQueryClient();
  const me = useSession((s) => s.profile?.user_id ?? null);
  useEffect(
    () =>
      listenLive(qc, me, {
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
      }),
    [qc, me],
  );
}
