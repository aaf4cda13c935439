/**
 * The answer to a joining editor's sync step 1, computed while its access is still being read
 * (SharedDoc.prepareAnswer), is sent only when it is still the document's answer: a change made
 * between the two (another editor's keystroke, a deletion) is never lost to the joiner.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_SYNC, SharedDoc } from './shared-doc';

const docs: SharedDoc[] = [];
afterEach(() => docs.splice(0).forEach((d) => d.destroy()));

function sharedDoc(text: string): SharedDoc {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  const shared = new SharedDoc('release:test', doc, { persist: () => Promise.resolve(), afterPersist: () => Promise.resolve(null), onError: () => undefined });
  docs.push(shared);
  return shared;
}

/** A connection that records what it is sent. */
function socket(): { ws: WebSocket; sent: Uint8Array[] } {
  const sent: Uint8Array[] = [];
  const ws = { OPEN: 1, readyState: 1, send: (m: Uint8Array) => void sent.push(m) } as unknown as WebSocket;
  return { ws, sent };
}

/** A new editor's sync step 1 (an empty document's state vector). */
function step1(): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(e, new Y.Doc());
  return encoding.toUint8Array(e);
}

/** The text an empty document holds after applying a step 2 message. */
function textOf(step2: Uint8Array): string {
  const d = decoding.createDecoder(step2);
  expect(decoding.readVarUint(d)).toBe(MESSAGE_SYNC);
  expect(decoding.readVarUint(d)).toBe(syncProtocol.messageYjsSyncStep2);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, decoding.readVarUint8Array(d));
  return doc.getText('t').toJSON();
}

describe('SharedDoc.prepareAnswer: a sync answer computed ahead', () => {
  it('is sent as computed when the document did not change, and is the answer handle() gives', () => {
    const shared = sharedDoc('Ανακοίνωση');
    const first = step1();
    const prepared = shared.prepareAnswer(first);
    expect(prepared).not.toBeNull();
    const a = socket();
    shared.handle(a.ws, first, prepared);
    expect(a.sent).toEqual([prepared!.answer]);
    const b = socket();
    shared.handle(b.ws, step1());
    expect(textOf(b.sent[0]!)).toBe('Ανακοίνωση');
    expect(textOf(a.sent[0]!)).toBe('Ανακοίνωση');
  });

  it('is not sent after a change made meanwhile (an insertion, a deletion): the joiner gets the document as it is', () => {
    const shared = sharedDoc('Ανακοίνωση');
    const first = step1();
    const prepared = shared.prepareAnswer(first);
    shared.doc.getText('t').insert(0, 'Νέα ');
    const a = socket();
    shared.handle(a.ws, first, prepared);
    expect(a.sent).toHaveLength(1);
    expect(textOf(a.sent[0]!)).toBe('Νέα Ανακοίνωση');

    const again = shared.prepareAnswer(first);
    shared.doc.getText('t').delete(0, 4); // a deletion leaves the state vector as it was
    const b = socket();
    shared.handle(b.ws, first, again);
    expect(textOf(b.sent[0]!)).toBe('Ανακοίνωση');
  });

  it('answers only the message and the document it was computed for', () => {
    const one = sharedDoc('Πρώτο');
    const other = sharedDoc('Δεύτερο');
    const first = step1();
    const prepared = one.prepareAnswer(first)!;
    const a = socket();
    other.handle(a.ws, first, prepared);
    expect(textOf(a.sent[0]!)).toBe('Δεύτερο');
    const b = socket();
    one.handle(b.ws, step1(), prepared); // the same bytes, another message
    expect(b.sent).toHaveLength(1);
    expect(b.sent[0]).not.toBe(prepared.answer);
    expect(textOf(b.sent[0]!)).toBe('Πρώτο');
  });

  it('prepares nothing for a message that is not a sync step 1 or is malformed', () => {
    const shared = sharedDoc('Κείμενο');
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeUpdate(e, Y.encodeStateAsUpdate(new Y.Doc()));
    expect(shared.prepareAnswer(encoding.toUint8Array(e))).toBeNull();
    expect(shared.prepareAnswer(new Uint8Array([0, 0, 200]))).toBeNull();
    expect(shared.prepareAnswer(new Uint8Array([]))).toBeNull();
  });
});
