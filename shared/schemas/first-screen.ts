/**
 * GET /first-screen: what a signed-in screen shows first, in one request that the page starts
 * before its code has loaded (issue 32, point 4). Each part is exactly the answer of the GET
 * it stands for, and is there only when that GET would succeed for the caller.
 */
import { z } from 'zod';
import { clientDashboard, settingsProfile } from './dashboard';
import { releaseDetail } from './releases';

export const firstScreenQuery = z.object({
  /** The page's path (location.pathname). */
  path: z.string({ error: 'path is required' }).max(300, 'path must have at most 300 characters').startsWith('/', 'path must start with /'),
});
export type FirstScreenQuery = z.infer<typeof firstScreenQuery>;

export const firstScreen = z.object({
  /** GET /profile (every signed-in screen waits for it). */
  profile: settingsProfile,
  /** GET /client/dashboard, on a client's /client. */
  dashboard: clientDashboard.optional(),
  /** GET /releases/<id>, on a client's /client/press-releases/<id> they may read. */
  release: releaseDetail.optional(),
  /**
   * With the release: its live document as stored (a Yjs update, base64), so the editor shows
   * the text before its socket has synced; the sync then brings only what changed since.
   */
  document: z.object({ releaseId: z.uuid(), update: z.string() }).optional(),
});
export type FirstScreen = z.infer<typeof firstScreen>;

/** The screens that have a first-screen answer beyond the profile. */
export const FIRST_SCREEN_PATHS = {
  clientHome: /^\/client\/?$/,
  editor: /^\/client\/press-releases\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/,
} as const;
