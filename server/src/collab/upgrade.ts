import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from '../logger';

export const COLLAB_PREFIX = '/collab/';
/** Close code used while the collaborative editor endpoint is not yet available. */
export const COLLAB_NOT_READY = 4404;

export interface CollabEndpoint {
  close(): Promise<void>;
}

/**
 * Reserves the WebSocket path /collab/<document> on the shared HTTP server.
 * Connections are accepted and closed with a clear code (never an HTTP error on
 * upgrade, which makes y-websocket clients retry forever) until the editor lands.
 */
export function attachCollab(httpServer: HttpServer, logger: Logger): CollabEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '';
    if (!url.startsWith(COLLAB_PREFIX)) return; // socket.io handles its own path
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      ws.close(COLLAB_NOT_READY, 'collaboration not available');
    });
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.off('upgrade', onUpgrade);
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
        logger.debug('collab endpoint closed');
      }),
  };
}
