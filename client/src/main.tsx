import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from '@client/app';
import { createAppRouter } from '@client/router';
import { loadSocket } from '@client/realtime/socket-loader';
import { authClient } from '@client/stores/session';
import './index.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });
void authClient.initialize();
// Signed in: the live connection starts with the app, as early as before. Public visitors
// download no Socket.IO (about 13 KB gzip); the status page and the signed-in layout load it
// when they mount (realtime/use-live-queries.ts).
if (authClient.getSession()) void loadSocket().then((m) => m.startSocket());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The prerendered public pages hydrate with their own entry (public-main.tsx); every other
// page starts from the empty shell.
createRoot(container).render(<App router={router} queryClient={queryClient} />);
