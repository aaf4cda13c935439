import { fileURLToPath } from 'node:url';

// Tailwind is pointed at its config explicitly so the build works from any cwd
// (the Vite root is client/, the Express server runs Vite from the repo root).
export default {
  plugins: {
    tailwindcss: { config: fileURLToPath(new URL('./tailwind.config.ts', import.meta.url)) },
    autoprefixer: {},
  },
};
