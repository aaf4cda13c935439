import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { NotificationPayload, ServerToClientEvents } from '@shared/events';
import type { Task } from '@shared/schemas/tasks';
import { queryKeys } from '@client/api/query-keys';
import { applyTaskChange, upsertTask } from '@client/features/tasks/filter-tasks';
import { refreshQueries } from '@client/lib/refresh';
import type { AppSocket } from './socket';
import { loadedSocket, loadSocket, type SocketModule } from './socket-loader';

export type LiveEvent = keyof ServerToClientEvents;
type Payload<E extends LiveEvent> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Every server event (shared/events.ts) and the queries it makes stale. `null` marks the
 * events that change no query (the socket itself handles them). The type lists every event,
 * so a new one does not compile until it is placed here.
 */
export const LIVE_KEYS: { [E in LiveEvent]: ((payload: Payload<E>) => QueryKey[]) | null } = {
  'session:ready': null,
  'session:revoked': null,
  // The session store reloads the one profile (realtime/socket.ts); the plan and trial refetch.
  'profile:changed': () => [queryKeys.accountPlan],
  // A received release's notification carries its inbox entry (a send's one push per
  // recipient): the inbox refreshes too, as on `inbox:new`.
  'notification:new': (p) => (p.delivery ? [queryKeys.notifications, queryKeys.media] : [queryKeys.notifications]),
  'notification:read': () => [queryKeys.notifications],
  'status:changed': () => [queryKeys.publicStatus],
  'releases:changed': () => [queryKeys.releases, queryKeys.clientDashboard, queryKeys.reports],
  'release:state': () => [queryKeys.releases], // the state itself: LIVE_APPLY
  'release:attachments': (p) => [queryKeys.attachments(p.releaseId)],
  'task:changed': () => [], // the whole task or what changed: LIVE_APPLY
  'workspace:members_changed': () => [queryKeys.workspaces, queryKeys.approvals], // roles and the approval setting
  'workspace:member_removed': () => [queryKeys.workspaces],
  // Joined, a new role, removed, or another tab switched the active organisation: every screen
  // is scoped to the active organisation (and the role decides its buttons), so every query refetches.
  'organisation:membership': () => [[]],
  'workspace:dictionary_changed': (p) => [queryKeys.workspaceDictionary(p.workspaceId)],
  'admin:users_changed': () => [queryKeys.admin],
  'admin:media_lists_changed': () => [queryKeys.admin],
  'inbox:new': () => [queryKeys.media], // a release held by the daily limit: no notification
  'inbox:changed': () => [queryKeys.media],
  'report:changed': () => [queryKeys.reports, queryKeys.clientDashboard],
  'release:versions': (p) => [queryKeys.versions(p.releaseId)],
  'approvals:changed': () => [queryKeys.approvals],
  'newsroom:changed': () => [queryKeys.newsroom],
  'release:comments': (p) => [queryKeys.comments(p.releaseId)],
  // The counts show in the release list and the approval queue.
  'release:review': (p) => [queryKeys.releases, queryKeys.approvals, queryKeys.comments(p.releaseId), queryKeys.suggestions(p.releaseId)],
};

/**
 * Events that carry the whole new row are written into the cache at once, without a round
 * trip (and without a refetch that could race the event); a reconnect still refetches them.
 */
export const LIVE_APPLY: { [E in LiveEvent]?: (qc: QueryClient, payload: Payload<E>) => void } = {
  'task:changed': (qc, event) => {
    const key = queryKeys.tasks(event.organisation_id);
    if (!('changes' in event)) {
      qc.setQueryData<{ tasks: Task[] }>(key, (d) => (d ? { ...d, tasks: upsertTask(d.tasks, event) } : d));
      return;
    }
    // What a change of the task's own columns wrote: applied to the version before, else the board is fetched again.
    const board = qc.getQueryData<{ tasks: Task[] }>(key);
    if (!board) return;
    const tasks = applyTaskChange(board.tasks, event);
    if (!tasks) void refreshQueries(qc, key);
    else if (tasks !== board.tasks) qc.setQueryData(key, { ...board, tasks });
  },
  'release:state': (qc, state) => qc.setQueryData(queryKeys.releaseState(state.id), state),
};

/** What the signed-in user is told besides the refetch. */
export interface LiveEffects {
  notification?: (n: NotificationPayload) => void;
  removedFromWorkspace?: (workspaceId: string) => void;
}

/** The subset of the Socket.IO client this needs (an EventEmitter in tests). */
export type LiveSocket = Pick<AppSocket, 'on' | 'off'>;
type Emitter = { on(event: string, fn: (...args: never[]) => void): unknown; off(event: string, fn: (...args: never[]) => void): unknown };

/**
 * Subscribes once to every event of LIVE_KEYS and refetches the queries it names. After a
 * dropped connection comes back, every query is invalidated (active ones refetch at once):
 * events sent while offline are lost, the data is not. Returns the unsubscribe.
 */
export function subscribeLiveQueries(live: LiveSocket, qc: QueryClient, me: string | null, effects: LiveEffects = {}): () => void {
  const socket = live as unknown as Emitter; // handlers are typed by LIVE_KEYS above
  const handlers: [string, (...args: never[]) => void][] = [];
  for (const event of Object.keys(LIVE_KEYS) as LiveEvent[]) {
    const keysOf = LIVE_KEYS[event] as ((p: unknown) => QueryKey[]) | null;
    const apply = LIVE_APPLY[event] as ((qc: QueryClient, p: unknown) => void) | undefined;
    if (!keysOf) continue;
    handlers.push([
      event,
      ((payload: unknown) => {
        apply?.(qc, payload);
        for (const key of keysOf(payload)) void refreshQueries(qc, key);
        if (event === 'notification:new') effects.notification?.(payload as NotificationPayload);
        if (event === 'workspace:member_removed') {
          const p = payload as Payload<'workspace:member_removed'>;
          if (p.userId === me) {
            qc.removeQueries({ queryKey: queryKeys.tasks(p.workspaceId) });
            effects.removedFromWorkspace?.(p.workspaceId);
          }
        }
      }) as (...args: never[]) => void,
    ]);
  }
  let dropped = false;
  // While the connection is down (or cannot be made) no change can be heard: the system
  // status is read again at once, so a server that went away shows as "unavailable", not as
  // it was (only a page showing the status refetches it).
  const statusUnheard = () => void refreshQueries(qc, queryKeys.publicStatus);
  handlers.push([
    'disconnect',
    () => {
      dropped = true;
      statusUnheard();
    },
  ]);
  handlers.push(['connect_error', statusUnheard]);
  handlers.push([
    'connect',
    () => {
      if (!dropped) return;
      dropped = false;
      void qc.invalidateQueries();
    },
  ]);
  for (const [event, fn] of handlers) socket.on(event, fn);
  return () => {
    for (const [event, fn] of handlers) socket.off(event, fn);
  };
}

/**
 * Listens for a mounted layout (useLiveQueries); returns the stop. When the socket module is
 * already loaded (main.tsx loads it at start for a signed-in user) it subscribes at once, in
 * the same run as the layout's queries start fetching: subscribing only after a promise left a
 * gap in which an event could arrive unheard while a query's request had read the database
 * before the change, so that query kept the old answer (a new notification missing from the
 * bell until something else refetched it). Loaded only now, it subscribes once the module is
 * there; should the socket be connected by then, every active query refetches, as after a
 * reconnect.
 */
export function listenLive(qc: QueryClient, me: string | null, effects: LiveEffects = {}): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  const start = ({ getSocket }: SocketModule, late: boolean) => {
    const socket = getSocket();
    stop = subscribeLiveQueries(socket, qc, me, effects);
    if (late && socket.connected) void qc.invalidateQueries();
  };
  const loaded = loadedSocket();
  if (loaded) start(loaded, false);
  else
    void loadSocket().then((m) => {
      if (!stopped) start(m, true);
    });
  return () => {
    stopped = true;
    stop?.();
  };
}
