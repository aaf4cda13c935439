import { randomUUID } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { Logger } from '../logger';
import { connectRedisLink, type RedisLink, type RedisLinkOptions } from '../redis/link';

/**
 * How server processes share live documents through Redis (REDIS_URL). Every process holding
 * a document subscribes to its channel `collab:doc:<name>` and publishes there what its own
 * clients did: updates (numbered per process), awareness changes, and "stored up to n" once
 * it has written them to Postgres. A process opening a document subscribes first, then loads
 * it from Postgres, then exchanges state vectors with the holders (hello → step 2 + their
 * vector → step 2), so nothing published before it subscribed is missed. Postgres stays the
 * one source of truth: each update is written by the process that accepted it from a client.
 */
export type PeerMessage =
  | { type: 'update'; from: string; seq: number; update: Uint8Array }
  | { type: 'awareness'; from: string; update: Uint8Array }
  | { type: 'hello'; from: string; sv: Uint8Array }
  | { type: 'step2'; from: string; to: string; seq: number; update: Uint8Array }
  | { type: 'sv'; from: string; to: string; sv: Uint8Array }
  | { type: 'stored'; from: string; seq: number }
  | { type: 'request'; from: string; id: string; kind: 'flush' | 'freeze' };

/** Messages to every process (not tied to a loaded document). */
export type ControlMessage =
  | { type: 'endSessions'; from: string; ids: string[] }
  | { type: 'recheck'; from: string; userId: string }
  | { type: 'deleted'; from: string; releaseId: string }
  | { type: 'thaw'; from: string; releaseId: string };

const TYPES = ['update', 'awareness', 'hello', 'step2', 'sv', 'stored', 'request'] as const;

export function encodePeerMessage(m: PeerMessage): Buffer {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, m.from);
  encoding.writeVarUint(e, TYPES.indexOf(m.type));
  switch (m.type) {
    case 'update':
      encoding.writeVarUint(e, m.seq);
      encoding.writeVarUint8Array(e, m.update);
      break;
    case 'awareness':
      encoding.writeVarUint8Array(e, m.update);
      break;
    case 'hello':
      encoding.writeVarUint8Array(e, m.sv);
      break;
    case 'step2':
      encoding.writeVarString(e, m.to);
      encoding.writeVarUint(e, m.seq);
      encoding.writeVarUint8Array(e, m.update);
      break;
    case 'sv':
      encoding.writeVarString(e, m.to);
      encoding.writeVarUint8Array(e, m.sv);
      break;
    case 'stored':
      encoding.writeVarUint(e, m.seq);
      break;
    case 'request':
      encoding.writeVarString(e, m.id);
      encoding.writeVarString(e, m.kind);
      break;
  }
  return Buffer.from(encoding.toUint8Array(e));
}

export function decodePeerMessage(data: Uint8Array): PeerMessage {
  const d = decoding.createDecoder(data);
  const from = decoding.readVarString(d);
  const type = TYPES[decoding.readVarUint(d)];
  switch (type) {
    case 'update':
      return { type, from, seq: decoding.readVarUint(d), update: decoding.readVarUint8Array(d) };
    case 'awareness':
      return { type, from, update: decoding.readVarUint8Array(d) };
    case 'hello':
      return { type, from, sv: decoding.readVarUint8Array(d) };
    case 'step2':
      return { type, from, to: decoding.readVarString(d), seq: decoding.readVarUint(d), update: decoding.readVarUint8Array(d) };
    case 'sv':
      return { type, from, to: decoding.readVarString(d), sv: decoding.readVarUint8Array(d) };
    case 'stored':
      return { type, from, seq: decoding.readVarUint(d) };
    case 'request':
      return { type, from, id: decoding.readVarString(d), kind: decoding.readVarString(d) as 'flush' | 'freeze' };
    default:
      throw new Error('unknown peer message');
  }
}

export interface CollabBus {
  /** This process's id on the bus. */
  readonly id: string;
  /** The connections to Redis (readiness). */
  readonly link: RedisLink;
  /**
   * Subscribes to a document's channel; resolves once Redis confirmed the subscription (at
   * most the command timeout), or at once while Redis is away (asked for again on its return).
   */
  join(name: string, handler: (m: PeerMessage) => void): Promise<void>;
  leave(name: string): Promise<void>;
  /**
   * Publishes on a document's channel; resolves with how many processes received it (this one
   * too if joined). Rejects at once while Redis is away (RedisUnavailable).
   */
  publish(name: string, m: PeerMessage): Promise<number>;
  /** Sends a control message to every other process. */
  control(m: ControlMessage): Promise<void>;
  onControl(handler: (m: ControlMessage) => void): void;
  /**
   * Called when Redis is back after an outage (subscriptions renewed): what was published
   * meanwhile may be lost, so every loaded document re-runs the state-vector exchange.
   */
  onRestored(handler: () => void): void;
  /**
   * Asks every other process holding the document to store what is pending (and, for
   * "freeze", to refuse changes from now on) and waits for their answers, at most timeoutMs.
   * Resolves with how many answered (0 while Redis is away: none could be asked).
   */
  request(name: string, kind: 'flush' | 'freeze', timeoutMs?: number): Promise<number>;
  /** Answers a request. */
  answer(to: string, id: string): Promise<void>;
  /** A release being sent (a process opening it meanwhile serves it read-only). */
  setFrozen(releaseId: string, frozen: boolean): Promise<void>;
  isFrozen(releaseId: string): Promise<boolean>;
  close(): Promise<void>;
}

const docChannel = (name: string) => `collab:doc:${name}`;
const CONTROL = 'collab:control';
const procChannel = (id: string) => `collab:proc:${id}`;
const frozenKey = (releaseId: string) => `collab:frozen:${releaseId}`;

export async function connectCollabBus(url: string, logger: Logger, opts: Omit<RedisLinkOptions, 'name'> = {}): Promise<CollabBus> {
  const id = randomUUID();
  const link = await connectRedisLink(url, logger, { ...opts, name: 'collab' });
  const { pub, sub } = link;
  const timeout = opts.commandTimeoutMs ?? 5_000;
  const joined = new Map<string, (message: Buffer) => void>();
  /** Documents whose subscription Redis confirmed (one asked for while it was away may have failed). */
  const subscribed = new Set<string>();
  const controlHandlers: ((m: ControlMessage) => void)[] = [];
  const restoredHandlers: (() => void)[] = [];
  const waiting = new Map<string, () => void>();

  const send = <T>(what: string, run: () => Promise<T>) => link.command(what, run);

  function subscribe(name: string, listener: (message: Buffer) => void): Promise<void> {
    return sub.subscribe(docChannel(name), listener, true).then(() => {
      if (joined.get(name) === listener) subscribed.add(name);
    });
  }

  await sub.subscribe(CONTROL, (message: string) => {
    try {
      const m = JSON.parse(message) as ControlMessage;
      if (m.from !== id) for (const h of controlHandlers) h(m);
    } catch (err) {
      logger.warn({ err }, 'collab: bad control message');
    }
  });
  await sub.subscribe(procChannel(id), (message: string) => waiting.get(message)?.());
  logger.info({ process: id }, 'collab: documents shared with other processes through Redis');

  link.onRestored(() => {
    // node-redis renewed the subscriptions it had; ask again for any that failed meanwhile.
    for (const [name, listener] of joined) {
      if (!subscribed.has(name)) void subscribe(name, listener).catch((err: unknown) => logger.warn({ err, doc: name }, 'collab: subscribing failed'));
    }
    for (const h of restoredHandlers) h();
  });

  return {
    id,
    link,
    async join(name, handler) {
      const listener = (message: Buffer) => {
        let m: PeerMessage;
        try {
          m = decodePeerMessage(new Uint8Array(message));
        } catch (err) {
          logger.warn({ err, doc: name }, 'collab: bad peer message');
          return;
        }
        if (m.from !== id) handler(m);
      };
      joined.set(name, listener);
      const done = subscribe(name, listener).catch((err: unknown) => logger.warn({ err, doc: name }, 'collab: subscribing failed'));
      // While Redis is away the document opens without waiting: the exchange on its return brings what was missed.
      if (link.up()) await Promise.race([done, new Promise((r) => setTimeout(r, timeout).unref())]);
    },
    async leave(name) {
      joined.delete(name);
      subscribed.delete(name);
      await sub.unsubscribe(docChannel(name));
    },
    async publish(name, m) {
      return Number(await send('publish', () => pub.publish(docChannel(name), encodePeerMessage(m))));
    },
    async control(m) {
      await send('control', () => pub.publish(CONTROL, JSON.stringify(m)));
    },
    onControl(handler) {
      controlHandlers.push(handler);
    },
    onRestored(handler) {
      restoredHandlers.push(handler);
    },
    async request(name, kind, timeoutMs = 5_000) {
      const reqId = randomUUID();
      let answered = 0;
      let expected = 0;
      let wake: () => void = () => undefined;
      const all = new Promise<void>((resolve) => (wake = resolve));
      waiting.set(reqId, () => {
        answered += 1;
        if (answered >= expected) wake();
      });
      try {
        let received: number;
        try {
          received = Number(await send('request', () => pub.publish(docChannel(name), encodePeerMessage({ type: 'request', from: id, id: reqId, kind }))));
        } catch (err) {
          // Redis away: no other process can be asked; the caller reads what Postgres holds.
          logger.warn({ doc: name, kind, reason: (err as Error).message }, 'collab: could not ask the other processes');
          return 0;
        }
        expected = received - (joined.has(name) ? 1 : 0);
        if (answered >= expected) return answered;
        const timer = setTimeout(wake, timeoutMs);
        await all;
        clearTimeout(timer);
        if (answered < expected) logger.warn({ doc: name, kind, expected, answered }, 'collab: not every process answered');
        return answered;
      } finally {
        waiting.delete(reqId);
      }
    },
    async answer(to, reqId) {
      await send('answer', () => pub.publish(procChannel(to), reqId));
    },
    async setFrozen(releaseId, frozen) {
      await send<unknown>('setFrozen', () => (frozen ? pub.set(frozenKey(releaseId), '1', { EX: 300 }) : pub.del(frozenKey(releaseId))));
    },
    async isFrozen(releaseId) {
      return (await send('isFrozen', () => pub.exists(frozenKey(releaseId)))) > 0;
    },
    async close() {
      await link.close();
    },
  };
}
