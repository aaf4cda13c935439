import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh';

describe('refreshQueries', () => {
  it('brings the data written after a fetch that was already in flight', async () => {
    const qc = new QueryClient();
    let rows = ['one'];
    let calls = 0;
    const observer = new QueryObserver(qc, {
      queryKey: ['list'],
      queryFn: async () => {
        calls++;
        const snapshot = [...rows];
        await new Promise((r) => setTimeout(r, 30));
        return snapshot;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 5)); // the first fetch is in flight
    rows = ['one', 'two']; // a change commits meanwhile
    await refreshQueries(qc, ['list']);
    expect(qc.getQueryData(['list'])).toEqual(['one', 'two']);
    expect(calls).toBe(2);
    unsubscribe();
  });
});
