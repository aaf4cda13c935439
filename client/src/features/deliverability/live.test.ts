import { EventEmitter } from 'node:events';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@client/api/query-keys';
import { subscribeLiveQueries, type LiveSocket } from '@client/realtime/live-queries';

describe('the delivery table, live', () => {
  it('refetches when the release hears report:changed of kind delivery (a bounce, a complaint)', async () => {
    const qc = new QueryClient();
    const fetches = vi.fn(() => Promise.resolve(fetches.mock.calls.length));
    const observer = new QueryObserver(qc, { queryKey: queryKeys.releaseDeliveries('r1', 'page=1'), queryFn: fetches, staleTime: Infinity });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    const socket = new EventEmitter();
    const unsubscribe = subscribeLiveQueries(socket as unknown as LiveSocket, qc, null);
    socket.emit('report:changed', { releaseId: 'r1', kind: 'delivery' });
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(2));
    unsubscribe();
    stop();
  });
});
