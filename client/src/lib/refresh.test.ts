import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from './refresh';

describe('refreshQueries', () => {
  it('brings the data written after a fetch that was already in flight', async () => {
    const qc = new QueryClient();
    let rows = ['one'];
    let calls = 0;
    /** Each fetch reads the rows when it starts and answers when the test lets it. */
    const answers: (() => void)[] = [];
    const observer = new QueryObserver(qc, {
      queryKey: ['list'],
      queryFn: async () => {
        calls++;
        const snapshot = [...rows];
        await new Promise<void>((r) => answers.push(r));
        return snapshot;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(calls).toBe(1); // the first fetch is in flight
    rows = ['one', 'two']; // a change commits meanwhile
    const refreshed = refreshQueries(qc, ['list']);
    await expect.poll(() => calls, { timeout: 5_000 }).toBe(2); // a second fetch, started after the change
    for (const answer of answers) answer();
    await refreshed;
    expect(qc.getQueryData(['list'])).toEqual(['one', 'two']);
    expect(calls).toBe(2);
    unsubscribe();
  });
});
