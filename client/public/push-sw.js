/*
 * Deltio's service worker: push notifications for journalists (issue 33, point 1), nothing else
 * (no caching, no fetch handler). Served from the site's root so its scope covers the media area.
 * Plain JavaScript outside the bundle: the public pages load none of it.
 */
const FALLBACK_URL = '/media/press-releases';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only a path of this site is opened (never another origin). */
function safePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : FALLBACK_URL;
}

function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') return data;
  } catch {
    /* not JSON: shown as a generic notice below */
  }
  return null;
}

self.addEventListener('push', (event) => {
  // A push must show a notification (userVisibleOnly): one we cannot read says what it can.
  const data = readPayload(event) || { title: 'Deltio', body: 'Νέο δελτίο τύπου στα εισερχόμενά σας', url: FALLBACK_URL, tag: 'deltio' };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(data.title, {
        body: data.body || '',
        // One notification per release: the same release again replaces it.
        tag: data.tag || 'deltio',
        icon: '/favicon.svg',
        lang: 'el',
        data: { url: safePath(data.url), releaseId: data.releaseId || null },
      });
      // Open tabs are told (the app refreshes from its socket anyway; tests watch this).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'deltio:push', payload: data });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((c) => c.url === target);
      if (open) return open.focus();
      // A tab of the app: the reading view opens there; else a new window.
      const tab = windows.find((c) => new URL(c.url).origin === self.location.origin && 'navigate' in c);
      if (tab) {
        const navigated = await tab.navigate(target).catch(() => null);
        if (navigated) return navigated.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
