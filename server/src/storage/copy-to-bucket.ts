import fs from 'node:fs';
import path from 'node:path';
import { LOGO_CONTENT_TYPES, LOGO_FILE_RE, type LogoType } from '../modules/profiles/profiles.logo';
import type { FileStorage } from './file-storage';

export interface CopyReport {
  /** Files written to the bucket. */
  copied: number;
  /** Files already in the bucket with the same size (a second run copies nothing). */
  skipped: number;
  /** Files that could not be copied (each logged); a later run tries them again. */
  failed: number;
  bytes: number;
}

export interface CopySource {
  /** The folder and the store its files go to. */
  dir: string;
  to: FileStorage;
  /** Which files of the folder are stored ones (temporary files of a crashed write are not). */
  accept: (key: string) => boolean;
  contentType?: (key: string) => string | undefined;
}

function* filesUnder(root: string, dir = root): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(root, full);
    else if (e.isFile()) yield path.relative(root, full).split(path.sep).join('/');
  }
}

/**
 * Copies the files of the data folder to the bucket under the same keys (attachments by their
 * storage key, logos by their file name), streaming each one. Idempotent: a file already there
 * with the same size is skipped, so the command may be run again after a failure, or once more
 * just before switching over to catch what was uploaded meanwhile.
 */
export async function copyToBucket(
  sources: CopySource[],
  log: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  for (const src of sources) {
    for (const key of filesUnder(src.dir)) {
      if (!src.accept(key)) continue;
      const full = path.join(src.dir, key);
      try {
        const size = fs.statSync(full).size;
        const there = await src.to.stat(key);
        if (there && there.size === size) {
          report.skipped++;
          continue;
        }
        await src.to.putAt(key, fs.createReadStream(full), src.contentType?.(key));
        report.copied++;
        report.bytes += size;
      } catch (err) {
        report.failed++;
        log(`failed: ${key}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return report;
}

/** The data folder's attachments and logos, and where each goes. */
export function localSources(o: {
  filesDir: string;
  logoDir: string;
  files: FileStorage;
  logos: FileStorage;
}): CopySource[] {
  return [
    { dir: o.filesDir, to: o.files, accept: (key) => !key.endsWith('.tmp') },
    {
      dir: o.logoDir,
      to: o.logos,
      accept: (key) => LOGO_FILE_RE.test(key),
      contentType: (key) => LOGO_CONTENT_TYPES[key.split('.').pop() as LogoType],
    },
  ];
}
