/** Typed Socket.IO contracts shared by the server and the client. */
import type { InboxEntry, ReleaseArrival } from './schemas/notifications';

export interface ServerToClientEvents {
  /** Sent once after the handshake: who the server thinks you are. */
  'session:ready': (payload: { userId: string | null; role: string | null }) => void;
  /** Your profile changed (approval, role, activation): reload it. */
  'profile:changed': (payload: { userId: string }) => void;
  /** This session was ended (sign-out elsewhere, ban, deactivation): sign out now. */
  'session:revoked': (payload: { reason: string }) => void;
  /**
   * A new notification for this user (bell badge, list and a toast). A received release's
   * carries its inbox entry (`delivery`): the inbox refreshes too, no `inbox:new` follows.
   */
  'notification:new': (payload: NotificationPayload) => void;

  // -- public site
  /** The public status page changed (overall state, a component or an incident). */
  'status:changed': (payload: { at: string }) => void;
  // -- client workspace
  /** The client's press-release list changed (created, duplicated, deleted, archived, a status change): refetch. */
  'releases:changed': (payload: { releaseId: string; reason: 'created' | 'duplicated' | 'deleted' | 'archived' | 'state' }) => void;
  /** Notifications were marked read (in another tab): refetch the bell. */
  'notification:read': (payload: { ids: number[] | 'all' }) => void;
  // -- editor
  /** A release's status or schedule changed (co-editors update their screen). */
  'release:state': (payload: import('./schemas/editor').ReleaseState) => void;
  /** A release's attachments changed (co-editors refresh the list). */
  'release:attachments': (payload: { releaseId: string }) => void;
  // -- tasks and invitations
  /**
   * A task of an organisation you belong to was created or changed: the full task, or, for a
   * change of its own columns only, what changed (TaskChange: it has `changes`).
   */
  'task:changed': (payload: import('./schemas/tasks').Task | import('./schemas/tasks').TaskChange) => void;
  /** A workspace's members or pending invitations changed: refetch them. */
  'workspace:members_changed': (payload: { workspaceId: string }) => void;
  /** A member was removed from a workspace (sent to the workspace and to the removed user). */
  'workspace:member_removed': (payload: { workspaceId: string; userId: string }) => void;
  /**
   * Your place in an organisation changed (joined, role changed, removed) or you switched the
   * active organisation in another tab: refetch /organisations and every scoped screen. Sent to
   * the member's own room, so it reaches a removed member too.
   */
  'organisation:membership': (payload: { organisationId: string; userId: string; role: string | null; reason: 'joined' | 'role' | 'removed' | 'switched' }) => void;
  // -- writing assistant
  /** A word was added to or removed from a workspace's dictionary: spelling is checked again. */
  'workspace:dictionary_changed': (payload: { workspaceId: string }) => void;
  // -- superadmin
  /** A user was created or changed (sign-up, approval, ban...): superadmin screens refresh. */
  'admin:users_changed': (payload: { userId: string; reason: string }) => void;
  /** A category media list changed (media added, removed or imported): superadmin screens refresh. */
  'admin:media_lists_changed': (payload: { category: string }) => void;
  // -- distribution and the media area
  /**
   * A release arrived in this media user's inbox with no notification (held by their daily
   * limit: the digest lists it), after the send commits. Otherwise `notification:new` carries it.
   */
  'inbox:new': (payload: InboxEntry) => void;
  /** This media user's inbox changed elsewhere (read, bookmark, preferences in another tab): refetch. */
  'inbox:changed': (payload: { deliveryId: number | null; reason: 'read' | 'bookmark' | 'preferences' | 'embargo' }) => void;
  // -- reports
  /**
   * Tracking of a client's release changed (open, click, download, coverage, an embargo lifted) or a
   * newsroom page was viewed (releaseId null for the newsroom's own page): sent to the sender
   * and the workspace after commit.
   */
  'report:changed': (payload: { releaseId: string | null; kind: 'open' | 'click' | 'download' | 'coverage' | 'sent' | 'view' | 'embargo' | 'delivery' }) => void;
  // -- newsroom
  /** A public newsroom's list changed (a release published, its embargo lifted, archived; the newsroom's settings): to the public room. */
  'newsroom:changed': (payload: { slug: string }) => void;
  // -- version history and approval
  /** A release got a new version (automatic, named, at a send, or a restore): its co-editors refetch the list. */
  'release:versions': (payload: { releaseId: string; versionId: string; kind: 'auto' | 'named' | 'send' | 'restore' }) => void;
  /**
   * An approval of a release changed (requested, decided, superseded, sent) or went stale or
   * fresh again (an edit after it): the workspace's editors and approvers refetch.
   */
  'approvals:changed': (payload: { releaseId: string; workspaceId: string; approvalId: string; status: string; stale: boolean }) => void;
  // -- review in the editor
  /** A comment thread of a release changed (created, replied, edited, deleted, resolved, reopened, detached): refetch its comments. */
  'release:comments': (payload: { releaseId: string; threadId: string; reason: import('./schemas/review').CommentEventReason }) => void;
  /** A release's open comments or pending suggestions changed: lists, the approval queue and the editor's badges refetch. */
  'release:review': (payload: { releaseId: string; openComments: number; pendingSuggestions: number }) => void;
}

export interface NotificationPayload {
  /** Absent on a received release's notice, pushed alike to all its recipients (the bell's refetch has it). */
  id?: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  data: Record<string, unknown>;
  organisationId: string | null;
  readAt: string | null;
  createdAt: string;
  /** A received release's notice: the release (shared/schemas/notifications.ts, notificationPushSchema). */
  delivery?: ReleaseArrival;
}

export interface ClientToServerEvents {
  /** Liveness check used by tests and the health card: the ack echoes the time. */
  ping: (ack: (payload: { at: string }) => void) => void;
  // -- client workspace
  // -- tasks and invitations
  // -- superadmin
}

export interface InterServerEvents {
  noop: () => void;
}

export interface SocketData {
  userId: string | null;
  role: string | null;
  sessionId: string | null;
}

/** Room names, built in one place. */
export const rooms = {
  public: () => 'public',
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  role: (role: string) => `role:${role}`,
  organisation: (id: string) => `organisation:${id}`,
  release: (id: string) => `release:${id}`,
  category: (category: string) => `category:${category}`,
  /** An open newsroom page of one organisation (anonymous sockets, `?newsroom=<slug>`). */
  newsroom: (slug: string) => `newsroom:${slug}`,
  /** An open index of all newsrooms (`?newsroom=`). */
  newsrooms: () => 'newsrooms',
} as const;
