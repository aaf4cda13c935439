import { rooms, type ServerToClientEvents } from '../../../../shared/events';
import type { Realtime } from '../../realtime';

/** Where a release's report lives: its organisation (every member's reports and dashboard show it). */
export interface ReportScope {
  organisationId?: string | null;
  /** The same organisation, under its former name (callers not yet renamed). */
  workspaceId?: string | null;
  /** Ignored: a release's reports belong to its organisation, not to its author. */
  clientId?: string | null;
}

/**
 * Tells the open reports and dashboards of the release's organisation that its figures
 * changed (report:changed), in the organisation's room: every member who works in it now.
 */
export function reportChanged(
  realtime: Pick<Realtime, 'broadcast'>,
  release: ReportScope,
  payload: Parameters<ServerToClientEvents['report:changed']>[0],
): void {
  const targets = reportRooms(release);
  if (targets.length) realtime.broadcast(targets, 'report:changed', payload);
}

export function reportRooms(release: ReportScope): string[] {
  const id = release.organisationId ?? release.workspaceId;
  return id ? [rooms.organisation(id)] : [];
}
