import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { MESSAGE_RENDER_ERROR, MESSAGE_SAVED } from '../../../shared/editor/collab-protocol';
import {
  encodeRenderErrorMessage,
  encodeSavedMessage,
  handleServerMessages,
  SERVER_MESSAGE_TYPES,
} from '../../../shared/editor/server-messages';
import { TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { testConfig } from '../test/app';
import { openEditor, openEditorWithSession, type TestEditor } from '../test/collab-client';
import { createTestDb, type TestDb } from '../test/db';
import { signIn, signUp } from '../test/http';

/**
 * y-websocket prints "Unable to compute message" (console.error) for a message type its
 * provider has no handler for. Our server sends its own types (saved, render error): every
 * client, the browser's and the tests', registers them through handleServerMessages.
 */
let t: TestDb;
let server: RunningServer;
let token: string;
let releaseId: string;
const open: TestEditor[] = [];

beforeAll(async () => {
  t = await createTestDb();
  const config = testConfig(t);
  server = await startServer({ config, db: t.db, logger: createLogger(config) }, { serveClient: false });
  const warm = server.ctx.collab.warm();
  const o = await signUp(server.url, 'owner@server-messages.test', 'client');
  token = (await signIn(server.url, 'owner@server-messages.test')).access_token;
  const org = await t.db('organisations').where('created_by', o.id).first<{ id: string }>('id');
  const [row] = (await t.db('press_releases').insert({ title: 'Μηνύματα', author_id: o.id, organisation_id: org.id }).returning('id')) as { id: string }[];
  releaseId = row!.id;
  await warm;
}, 60_000);

afterEach(() => {
  for (const e of open.splice(0)) e.provider.destroy();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await server?.close();
  await t?.destroy();
});

/** One of each message the server sends of its own: adding a type to SERVER_MESSAGE_TYPES asks for its sample here. */
const samples: Record<(typeof SERVER_MESSAGE_TYPES)[number], () => Uint8Array> = {
  [MESSAGE_SAVED]: () => encodeSavedMessage(Y.encodeStateVector(new Y.Doc())),
  [MESSAGE_RENDER_ERROR]: () => encodeRenderErrorMessage('Το κείμενο περιέχει στοιχεία που δεν υποστηρίζονται'),
};

/** The server's MESSAGE_SAVED as they come: `listener` for the editor, `reached` to wait on. */
function savedWatch() {
  let stored = new Map<number, number>();
  let check = () => undefined as void;
  return {
    listener: (s: Map<number, number>) => {
      stored = s;
      check();
    },
    reached: (client: number, clock: number) =>
      new Promise<void>((resolve) => {
        check = () => void ((stored.get(client) ?? 0) >= clock && resolve());
        check();
      }),
  };
}

/** Types an edit, then waits until the server says it stored it. */
async function editAndSave(editor: TestEditor, saved: ReturnType<typeof savedWatch>): Promise<void> {
  await editor.synced;
  editor.doc.getText(TITLE_FIELD).insert(0, 'Νέος τίτλος ');
  const own = editor.doc.clientID;
  await saved.reached(own, Y.decodeStateVector(Y.encodeStateVector(editor.doc)).get(own) ?? 0);
}

describe('the server\'s own messages', () => {
  it('a connect, auth and edit cycle with the session (as the browser) prints nothing on the console', async () => {
    const errors = vi.spyOn(console, 'error');
    const saved = savedWatch();
    const editor = openEditorWithSession(server.url, () => token, releaseId, { saved: saved.listener });
    open.push(editor);
    await editAndSave(editor, saved);
    expect(errors).not.toHaveBeenCalled();
  });

  it('the same cycle with a ticket (the test client) prints nothing, the render error included', async () => {
    const errors = vi.spyOn(console, 'error');
    const saved = savedWatch();
    const reasons: string[] = [];
    const editor = await openEditor(server.url, token, releaseId, { saved: saved.listener, renderError: (r) => reasons.push(r) });
    open.push(editor);
    await editAndSave(editor, saved);
    // Every type the server may send, through the provider's own message path.
    const ws = editor.provider.ws!;
    for (const sample of Object.values(samples)) ws.onmessage!(new MessageEvent('message', { data: sample().buffer }));
    expect(reasons).toEqual(['Το κείμενο περιέχει στοιχεία που δεν υποστηρίζονται']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('registers a handler for every type, which reads its message whole', () => {
    const provider = { messageHandlers: [] as Parameters<typeof handleServerMessages>[0]['messageHandlers'] };
    handleServerMessages(provider);
    for (const type of SERVER_MESSAGE_TYPES) expect(provider.messageHandlers[type], `type ${type}`).toBeTypeOf('function');
  });
});
