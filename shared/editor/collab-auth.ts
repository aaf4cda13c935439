import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { MESSAGE_AUTH } from './collab-protocol';

/** Longer than any access token we sign; a longer one is refused unread. */
export const MAX_AUTH_TOKEN_CHARS = 4096;

/** The auth message: MESSAGE_AUTH, then the access token. */
export function encodeAuthMessage(token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AUTH);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** The token of an auth message, or null when the message is something else or malformed. */
export function decodeAuthMessage(data: Uint8Array): string | null {
  try {
    const decoder = decoding.createDecoder(data);
    if (decoding.readVarUint(decoder) !== MESSAGE_AUTH) return null;
    const token = decoding.readVarString(decoder);
    return token.length > 0 && token.length <= MAX_AUTH_TOKEN_CHARS && !decoding.hasContent(decoder) ? token : null;
  } catch {
    return null;
  }
}

interface SocketLike {
  send(data: Uint8Array<ArrayBuffer>): void;
  addEventListener(type: 'open', listener: () => void): void;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor takes what its base takes
type SocketClass = new (...args: any[]) => SocketLike;

/**
 * A WebSocket class (the browser's, or `ws` in Node) whose sockets send the auth message with
 * `token()` first, before anything y-websocket sends on open: its listener is added in the
 * constructor, so it runs before the provider's `onopen`. For WebsocketProvider's
 * WebSocketPolyfill option.
 */
export function withAuthMessage<C extends SocketClass>(Base: C, token: () => string | null): C {
  return class extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- whatever the base takes
      super(...args);
      this.addEventListener('open', () => this.send(new Uint8Array(encodeAuthMessage(token() ?? ''))));
    }
  };
}
