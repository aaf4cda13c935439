import { EventEmitter } from 'node:events';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@client/api/query-keys';
import { listenLive, LIVE_KEYS, subscribeLiveQueries, type LiveSocket } from './live-queries';

/** The socket module as the loader knows it: loaded already (main.tsx at start), or loading. */
const loader = vi.hoisted(() => ({ loaded: undefined as unknown, load: undefined as unknown as () => Promise<unknown> }));
vi.mock('./socket-loader', () => ({ loadedSocket: () => loader.loaded, loadSocket: () => loader.load() }));

/** A socket that is connected (or not), as getSocket() answers it. */
const fakeSocket = (connected: boolean) => Object.assign(new EventEmitter(), { connected });
const notice = { id: 1, kind: 'press_release.received', title: 'Νέο δελτίο', body: null, link: null, data: {}, organisationId: null, readAt: null, createdAt: '2026-01-01T00:00:00.000Z' };

/** A query that a mounted component would hold: observed, so it is active and refetches. */
function observe(qc: QueryClient, queryKey: QueryKey) {
  const fetches = vi.fn(() => Promise.resolve(fetches.mock.calls.length));
  const observer = new QueryObserver(qc, { queryKey, queryFn: fetches, staleTime: Infinity });
  const stop = observer.subscribe(() => undefined);
  return { fetches, stop };
}

/** Every refetch a handler started (refreshQueries, invalidateQueries): what `settle` waits for. */
const started = vi.hoisted(() => [] as Promise<unknown>[]);
vi.mock('@client/lib/refresh', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@client/lib/refresh')>();
  return {
    refreshQueries: (...args: Parameters<typeof actual.refreshQueries>) => {
      const p = actual.refreshQueries(...args);
      started.push(p);
      return p;
    },
  };
});

/**
 * Waits for exactly what was started: every refetch the handlers asked for (so nothing more is
 * coming from an event already emitted) and every fetch in flight (a query just observed).
 */
async function settle(qc: QueryClient): Promise<void> {
  while (started.length) await Promise.allSettled(started.splice(0));
  await vi.waitFor(() => expect(qc.isFetching()).toBe(0));
}

describe('live queries: server events → query keys', () => {
  const clients: QueryClient[] = [];
  const client = () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = qc.invalidateQueries.bind(qc);
    qc.invalidateQueries = ((...args: Parameters<typeof invalidate>) => {
      const p = invalidate(...args);
      started.push(p);
      return p;
    }) as typeof qc.invalidateQueries;
    clients.push(qc);
    return qc;
  };
  afterEach(() => clients.splice(0).forEach((qc) => qc.clear()));

  it('names the queries of every data-carrying event', () => {
    expect(LIVE_KEYS['releases:changed']!({ releaseId: 'r', reason: 'state' })).toEqual([queryKeys.releases, queryKeys.clientDashboard, queryKeys.reports]);
    expect(LIVE_KEYS['release:attachments']!({ releaseId: 'r1' })).toEqual([['attachments', 'r1']]);
    expect(LIVE_KEYS['report:changed']!({ releaseId: 'r', kind: 'open' })).toEqual([queryKeys.reports, queryKeys.clientDashboard]);
    expect(LIVE_KEYS['inbox:new']!({ deliveryId: 1, releaseId: 'r', title: 't', category: null })).toEqual([queryKeys.media]);
    // A send's one push: the notification carrying its inbox entry refreshes the bell and the inbox.
    const delivery = { deliveryId: 1, releaseId: 'r', title: 't', category: null };
    expect(LIVE_KEYS['notification:new']!({ ...notice, delivery })).toEqual([queryKeys.notifications, queryKeys.media]);
    expect(LIVE_KEYS['notification:new']!(notice)).toEqual([queryKeys.notifications]);
    expect(LIVE_KEYS['session:revoked']).toBeNull();
  });

  it('an event refetches the active queries under its keys and leaves the others alone', async () => {
    const qc = client();
    const socket = new EventEmitter();
    const releases = observe(qc, [...queryKeys.releases, 'list', { page: 1 }]);
    const attachments = observe(qc, queryKeys.attachments('r1'));
    const otherAttachments = observe(qc, queryKeys.attachments('r2'));
    const tasks = observe(qc, queryKeys.tasks('w1'));
    await settle(qc);
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me');
    socket.emit('release:attachments', { releaseId: 'r1' });
    await settle(qc);
    expect(attachments.fetches).toHaveBeenCalledTimes(2);
    expect(otherAttachments.fetches).toHaveBeenCalledTimes(1);
    expect(releases.fetches).toHaveBeenCalledTimes(1);
    expect(tasks.fetches).toHaveBeenCalledTimes(1);
    stop();
    socket.emit('release:attachments', { releaseId: 'r1' });
    await settle(qc);
    expect(attachments.fetches).toHaveBeenCalledTimes(2);
    [releases, attachments, otherAttachments, tasks].forEach((q) => q.stop());
  });

  it('a notification carrying an inbox entry refetches the bell and the media inbox, and is told once; one without, only the bell', async () => {
    const qc = client();
    const socket = new EventEmitter();
    const bell = observe(qc, queryKeys.notifications);
    const inbox = observe(qc, [...queryKeys.media, 'inbox', { page: 1 }]);
    const counters = observe(qc, [...queryKeys.media, 'overview']);
    await settle(qc);
    const told = vi.fn();
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me', { notification: told });
    const received = { ...notice, delivery: { deliveryId: 7, releaseId: 'r1', title: 'Νέο δελτίο', category: 'tech' } };
    socket.emit('notification:new', received);
    await settle(qc);
    expect([bell, inbox, counters].map((q) => q.fetches.mock.calls.length)).toEqual([2, 2, 2]);
    expect(told).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith(received);
    socket.emit('notification:new', notice);
    await settle(qc);
    expect([bell, inbox, counters].map((q) => q.fetches.mock.calls.length)).toEqual([3, 2, 2]);
    stop();
    [bell, inbox, counters].forEach((q) => q.stop());
  });

  it('an event with the whole new row writes it into the cache at once, without a round trip', () => {
    const qc = client();
    const socket = new EventEmitter();
    const task = (status: string) => ({ id: 't1', organisation_id: 'w1', status, title: 'Α' }) as never;
    qc.setQueryData(queryKeys.tasks('w1'), { tasks: [task('open')], releases: [] });
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me');
    socket.emit('task:changed', task('blocked'));
    expect(qc.getQueryData<{ tasks: { status: string }[] }>(queryKeys.tasks('w1'))!.tasks.map((t) => t.status)).toEqual(['blocked']);
    socket.emit('release:state', { id: 'r1', status: 'sent' });
    expect(qc.getQueryData(queryKeys.releaseState('r1'))).toEqual({ id: 'r1', status: 'sent' });
    stop();
  });

  it("a task change carrying only what changed is applied to the board's task at the version before; after a missed one the board refetches", async () => {
    const qc = client();
    const socket = new EventEmitter();
    const board = observe(qc, queryKeys.tasks('w1'));
    await settle(qc);
    const full = { id: 't1', organisation_id: 'w1', status: 'open', title: 'Α', priority: 'normal', version: 1, updated_at: 'then' };
    qc.setQueryData(queryKeys.tasks('w1'), { tasks: [full], releases: [] });
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me');
    const tasks = () => qc.getQueryData<{ tasks: Record<string, unknown>[] }>(queryKeys.tasks('w1'))!.tasks;
    socket.emit('task:changed', { id: 't1', organisation_id: 'w1', version: 2, updated_at: 'now', changes: { status: 'blocked' } });
    expect(tasks()).toEqual([{ ...full, status: 'blocked', version: 2, updated_at: 'now' }]);
    await settle(qc);
    expect(board.fetches).toHaveBeenCalledTimes(1);
    // Version 3 never arrived: version 4 cannot be applied, the board is fetched again.
    socket.emit('task:changed', { id: 't1', organisation_id: 'w1', version: 4, updated_at: 'later', changes: { status: 'done' } });
    await settle(qc);
    expect(board.fetches).toHaveBeenCalledTimes(2);
    stop();
    board.stop();
  });

  it('after a dropped connection comes back, every active query refetches (events sent meanwhile are lost)', async () => {
    const qc = client();
    const socket = new EventEmitter();
    const queries = [queryKeys.releases, queryKeys.reports, queryKeys.tasks('w1'), queryKeys.attachments('r1'), queryKeys.releaseState('r1')].map((k) => observe(qc, k));
    await settle(qc);
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me');
    socket.emit('connect'); // the first connection: nothing was missed
    await settle(qc);
    for (const q of queries) expect(q.fetches).toHaveBeenCalledTimes(1);
    socket.emit('disconnect', 'transport close');
    socket.emit('connect');
    await settle(qc);
    for (const q of queries) expect(q.fetches).toHaveBeenCalledTimes(2);
    stop();
    queries.forEach((q) => q.stop());
  });

  it('the system status is read again the moment the connection drops or cannot be made (only the status)', async () => {
    const qc = client();
    const socket = new EventEmitter();
    const status = observe(qc, queryKeys.publicStatus);
    const releases = observe(qc, queryKeys.releases);
    await settle(qc);
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me');
    socket.emit('disconnect', 'transport close');
    await settle(qc);
    expect(status.fetches).toHaveBeenCalledTimes(2);
    expect(releases.fetches).toHaveBeenCalledTimes(1);
    socket.emit('connect_error', new Error('offline'));
    await settle(qc);
    expect(status.fetches).toHaveBeenCalledTimes(3);
    expect(releases.fetches).toHaveBeenCalledTimes(1);
    stop();
    status.stop();
    releases.stop();
  });

  it('a member removed from a workspace loses its board at once and is told; others only refetch', () => {
    const qc = client();
    const socket = new EventEmitter();
    const told = vi.fn();
    qc.setQueryData(queryKeys.tasks('w1'), { tasks: [] });
    const stop = subscribeLiveQueries(socket as unknown as LiveSocket, qc, 'me', { removedFromWorkspace: told });
    socket.emit('workspace:member_removed', { workspaceId: 'w1', userId: 'someone-else' });
    expect(qc.getQueryData(queryKeys.tasks('w1'))).toBeDefined();
    expect(told).not.toHaveBeenCalled();
    socket.emit('workspace:member_removed', { workspaceId: 'w1', userId: 'me' });
    expect(qc.getQueryData(queryKeys.tasks('w1'))).toBeUndefined();
    expect(told).toHaveBeenCalledWith('w1');
    stop();
  });

  it('a layout mounting once the socket is loaded listens at once: an event right after its queries started is heard', async () => {
    const qc = client();
    const socket = fakeSocket(true);
    loader.loaded = { getSocket: () => socket };
    // The bell's query starts fetching as the layout mounts, and its request may read the
    // database just before a notification is created; the notification's event follows
    // before any promise has settled. Heard, the query refetches and shows it.
    const bell = observe(qc, queryKeys.notifications);
    const stop = listenLive(qc, 'me');
    socket.emit('notification:new', notice);
    await settle(qc);
    expect(bell.fetches).toHaveBeenCalledTimes(2);
    stop();
    socket.emit('notification:new', notice);
    await settle(qc);
    expect(bell.fetches).toHaveBeenCalledTimes(2);
    bell.stop();
    loader.loaded = undefined;
  });

  it('loaded only later, it listens once the module is there, and refetches what is shown if the socket was already connected', async () => {
    for (const connected of [false, true]) {
      const qc = client();
      const socket = fakeSocket(connected);
      loader.load = () => Promise.resolve({ getSocket: () => socket });
      const releases = observe(qc, queryKeys.releases);
      await settle(qc);
      const stop = listenLive(qc, 'me');
      await settle(qc);
      // Connected before anyone listened, events may have been missed: read again.
      expect(releases.fetches).toHaveBeenCalledTimes(connected ? 2 : 1);
      socket.emit('releases:changed', { releaseId: 'r', reason: 'state' });
      await settle(qc);
      expect(releases.fetches).toHaveBeenCalledTimes(connected ? 3 : 2);
      stop();
      releases.stop();
    }
  });

  it('stopped before the module loaded, it never listens', async () => {
    const qc = client();
    const socket = fakeSocket(false);
    loader.load = () => Promise.resolve({ getSocket: () => socket });
    const stop = listenLive(qc, 'me');
    stop();
    await settle(qc);
    expect(socket.listenerCount('notification:new')).toBe(0);
  });
});
