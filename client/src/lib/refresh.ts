import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refetches after a change. Invalidating alone is not enough: a query that has no data yet
 * but a fetch in flight reuses that fetch, which may have started before the change and
 * bring back the old rows. Cancelling first makes the refetch start after the change.
 */
export async function refreshQueries(qc: QueryClient, queryKey: QueryKey): Promise<void> {
  await qc.cancelQueries({ queryKey });
  await qc.invalidateQueries({ queryKey });
}
