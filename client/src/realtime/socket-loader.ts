/**
 * The Socket.IO client is a chunk of its own: public pages never download it. Loaded through
 * here, the module is also known synchronously once it is loaded (loadedSocket), so a
 * component that mounts later starts listening at once instead of after a promise, while
 * which an event could arrive with nobody listening.
 */
export type SocketModule = typeof import('./socket');

let loaded: SocketModule | undefined;

export function loadSocket(): Promise<SocketModule> {
  return import('./socket').then((m) => (loaded = m));
}

export function loadedSocket(): SocketModule | undefined {
  return loaded;
}
