import { rooms, type ServerToClientEvents } from '../../../../shared/events';
import type { Realtime } from '../../realtime';

/**
 * Tells a release's sender (its author's own room) and its workspace that its figures
 * changed (report:changed): one event per socket, though the owner is in both rooms.
 */
export function reportChanged(
  realtime: Pick<Realtime, 'broadcast'>,
  release: { clientId: string; workspaceId: string | null | undefined },
  payload: Parameters<ServerToClientEvents['report:changed']>[0],
): void {
  realtime.broadcast(reportRooms(release), 'report:changed', payload);
}

export function reportRooms(release: { clientId: string; workspaceId: string | null | undefined }): string[] {
  return release.workspaceId ? [rooms.user(release.clientId), rooms.organisation(release.workspaceId)] : [rooms.user(release.clientId)];
}
