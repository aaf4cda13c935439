import fs from 'node:fs';
import path from 'node:path';

/**
 * The project root (the folder of package.json), found by walking up from this module: the
 * same answer from the TypeScript sources (server/src) and the compiled bundle (dist/server).
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start, '../..');
  }
}

export const APP_ROOT = findRoot(import.meta.dirname);
