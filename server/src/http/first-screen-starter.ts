/**
 * The inline script that starts a signed-in screen's data request from its HTML (issue 32,
 * point 4): GET /api/first-screen with the session stored in localStorage, before the app's
 * code has arrived, so the data and the code come down together. The app takes the answer
 * from window.__FIRST_SCREEN__ (client/src/api/first-screen.ts) in place of its first GETs.
 * Without a session, or with one about to expire (the app refreshes it first), it does nothing.
 */

/** The auth client's localStorage key (client/src/auth/auth-client.ts STORAGE_KEY). */
export const SESSION_STORAGE_KEY = 'deltio.auth.session';
/** The auth client refreshes a session this close to its expiry before using it. */
const REFRESH_MARGIN_SECONDS = 60;

/** The signed-in areas, whose every screen needs the profile first. */
export const FIRST_SCREEN_AREAS = /^\/(?:client|media|superadmin)(?:\/|$)/;

const SCRIPT =
  `(function(){try{` +
  `var s=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null");` +
  `if(!s||!s.access_token||!(s.expires_at-Date.now()/1000>${REFRESH_MARGIN_SECONDS}))return;` +
  `window.__FIRST_SCREEN__=fetch("/api/first-screen?path="+encodeURIComponent(location.pathname),` +
  `{headers:{authorization:"Bearer "+s.access_token}})` +
  `.then(function(r){return r.ok?r.json():null},function(){return null})` +
  `}catch(e){}})()`;

/** The script tag for a page path, or '' outside the signed-in areas. */
export function firstScreenStarter(pathname: string, nonce: string): string {
  return FIRST_SCREEN_AREAS.test(pathname) ? `<script nonce="${nonce}">${SCRIPT}</script>` : '';
}
