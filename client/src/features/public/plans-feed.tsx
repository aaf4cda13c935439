import { useEffect } from 'react';
import type { Plan } from '@shared/schemas/public-site';
import { withQueryClient } from '@client/api/query-client';
import { toast } from '@client/components/ui/use-toast';
import { usePlans } from './public-api';
import { PUBLIC_MSG } from './public-messages';

export type PlansState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'ok'; plans: Plan[] };

/**
 * Loads the plans for the pricing page when the server did not render it with them
 * (page-data.tsx): the query cache and the schema that parses the answer come with this
 * chunk. Renders nothing; hands each state to the page.
 */
export const PlansFeed = withQueryClient(function PlansFeed({
  onChange,
}: {
  onChange: (state: PlansState) => void;
}) {
  const { data, isError, refetch } = usePlans();
  useEffect(() => {
    if (data) onChange({ status: 'ok', plans: data });
    else if (isError) onChange({ status: 'error', retry: () => void refetch() });
    else onChange({ status: 'pending' });
  }, [data, isError, refetch, onChange]);
  useEffect(() => {
    if (isError) toast({ title: 'Σφάλμα', description: PUBLIC_MSG.plansFail, variant: 'destructive' });
  }, [isError]);
  return null;
});
