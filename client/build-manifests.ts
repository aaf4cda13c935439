/**
 * Where the two client builds describe their chunks (vite.config.ts): the app's build (index.html
 * → main.tsx) at Vite's default path, the public pages' build (`--mode public`, public-main.tsx)
 * beside it. Paths under dist/client.
 */
export const APP_MANIFEST = '.vite/manifest.json';
export const PUBLIC_MANIFEST = '.vite/manifest-public.json';
/** The mode of the public pages' build: `vite build --mode public`. */
export const PUBLIC_MODE = 'public';
