import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from '@client/app';
import { createAppRouter } from '@client/router';
import { authClient } from '@client/stores/session';
import './index.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
void authClient.initialize();
// Signed in: the live connection starts with the app, as early as before. Public visitors
// download no Socket.IO (about 13 KB gzip); the status page and the signed-in layout load it
// when they mount (realtime/use-live-queries.ts).
if (authClient.getSession()) void import('@client/realtime/socket').then((m) => m.startSocket());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

if (container.hasChildNodes()) {
  // A public page prerendered at build (client/prerender.ts): load the route's lazy chunk
  // first, then hydrate the server's markup. router.ssr tells TanStack Router to render the
  // tree the server rendered (no client-only Suspense wrapper around the matches).
  void router.load().then(() => {
    router.ssr = { manifest: undefined };
    hydrateRoot(container, <App router={router} queryClient={queryClient} />);
  });
} else {
  createRoot(container).render(<App router={router} queryClient={queryClient} />);
}
