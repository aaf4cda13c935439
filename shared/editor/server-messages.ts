import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { MESSAGE_RENDER_ERROR, MESSAGE_SAVED } from './collab-protocol';

/**
 * The messages our /collab server sends beyond y-websocket's own (sync, awareness, auth,
 * query-awareness): encoded here for the server, read here for every client (the browser's
 * provider, the test client). y-websocket prints "Unable to compute message" on stderr for a
 * type its provider has no handler for, so a client registers all of them at once with
 * handleServerMessages.
 */
export const SERVER_MESSAGE_TYPES = [MESSAGE_SAVED, MESSAGE_RENDER_ERROR] as const;

/** MESSAGE_SAVED: everything up to this state vector is stored. */
export function encodeSavedMessage(stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SAVED);
  encoding.writeVarUint8Array(encoder, stateVector);
  return encoding.toUint8Array(encoder);
}

/** MESSAGE_RENDER_ERROR: the document is stored but cannot be rendered, and why (Greek). */
export function encodeRenderErrorMessage(reason: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_RENDER_ERROR);
  encoding.writeVarString(encoder, reason);
  return encoding.toUint8Array(encoder);
}

export interface ServerMessageListeners {
  /** The server stored everything up to this state vector (client id → clock). */
  saved?: (stored: Map<number, number>) => void;
  /** The server cannot render the stored document, for this reason. */
  renderError?: (reason: string) => void;
}

/** What handleServerMessages needs of a y-websocket WebsocketProvider. */
interface ProviderWithHandlers {
  messageHandlers: ((encoder: encoding.Encoder, decoder: decoding.Decoder, ...rest: never[]) => void)[];
}

/**
 * Registers a handler for every type of SERVER_MESSAGE_TYPES on `provider` (each message read
 * in full; a listener left out ignores its type). Call it before the provider connects; calling
 * it again replaces the listeners.
 */
export function handleServerMessages(provider: ProviderWithHandlers, on: ServerMessageListeners = {}): void {
  const handlers: Record<(typeof SERVER_MESSAGE_TYPES)[number], (decoder: decoding.Decoder) => void> = {
    [MESSAGE_SAVED]: (decoder) => {
      const stored = Y.decodeStateVector(decoding.readVarUint8Array(decoder));
      on.saved?.(stored);
    },
    [MESSAGE_RENDER_ERROR]: (decoder) => {
      const reason = decoding.readVarString(decoder);
      on.renderError?.(reason);
    },
  };
  for (const type of SERVER_MESSAGE_TYPES) provider.messageHandlers[type] = (_encoder, decoder) => handlers[type](decoder);
}
