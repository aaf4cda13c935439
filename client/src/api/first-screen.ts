/**
 * The signed-in screen's first data, requested by the page's HTML before the app's code arrived
 * (server/src/http/first-screen-starter.ts: GET /api/first-screen into window.__FIRST_SCREEN__).
 * The app's first GET of each part it carries is answered from it, once, instead of the network:
 * the profile, a client's dashboard, the release of the editor. Later GETs go to the network.
 */
declare global {
  interface Window {
    __FIRST_SCREEN__?: Promise<unknown>;
  }
}

/** The GETs the first screen can answer (the parts of shared/schemas/first-screen.ts). */
const ANSWERABLE = /^\/(?:profile|client\/dashboard|releases\/[0-9a-f-]{36})$/;
/** An answer older than this (a screen opened later in the same page) is not used. */
const FRESH_MS = 30_000;

function partsOf(body: unknown): Map<string, unknown> {
  const map = new Map<string, unknown>();
  if (!body || typeof body !== 'object') return map;
  const b = body as { profile?: unknown; dashboard?: unknown; release?: { id?: unknown } };
  if (b.profile) map.set('/profile', b.profile);
  if (b.dashboard) map.set('/client/dashboard', b.dashboard);
  if (b.release && typeof b.release.id === 'string') map.set(`/releases/${b.release.id}`, b.release);
  return map;
}

/**
 * A taker of the early answer: `pending()` is the page's early request (if any), `now()` the
 * time since the page started, in ms.
 */
export function firstScreenTaker(pending: () => Promise<unknown> | undefined, now: () => number) {
  let parts: Map<string, unknown> | null = null;
  /**
   * The first screen's answer to GET `path` (unparsed: the caller's schema parses it), or
   * undefined when the page has none for it (no early request, another path, already taken,
   * too late, or the request failed).
   */
  return async (path: string): Promise<unknown> => {
    const early = pending();
    if (!early || !ANSWERABLE.test(path)) return undefined;
    if (!parts) {
      const body = await early.catch(() => null);
      parts ??= partsOf(body);
    }
    if (now() > FRESH_MS) parts.clear();
    const value = parts.get(path);
    parts.delete(path);
    return value;
  };
}

export const takeFirstScreen = firstScreenTaker(
  () => (typeof window === 'undefined' ? undefined : window.__FIRST_SCREEN__),
  () => performance.now(),
);

/**
 * The editor's document from the early answer (its `document` part: the release's stored Yjs
 * state), read synchronously so the editor's first render already holds the text. It is a
 * CRDT state: applied again later or under the socket's sync, it adds nothing twice.
 */
export function firstScreenDocuments(pending: () => Promise<unknown> | undefined, now: () => number) {
  let body: unknown = null;
  void pending()?.then(
    (b) => {
      body = b;
    },
    () => undefined,
  );
  return (releaseId: string): Uint8Array | undefined => {
    if (now() > FRESH_MS) return undefined;
    const d = (body as { document?: { releaseId?: unknown; update?: unknown } } | null)?.document;
    if (!d || d.releaseId !== releaseId || typeof d.update !== 'string') return undefined;
    try {
      return Uint8Array.from(atob(d.update), (c) => c.charCodeAt(0));
    } catch {
      return undefined;
    }
  };
}

export const firstScreenDocument = firstScreenDocuments(
  () => (typeof window === 'undefined' ? undefined : window.__FIRST_SCREEN__),
  () => performance.now(),
);
