import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { LIMITS } from '../../../../shared/constants';
import type { Config } from '../../config';
import { badRequest } from '../../http/errors';
import type { FileStorage } from '../../storage/file-storage';

export type LogoType = 'png' | 'jpeg' | 'webp' | 'gif';

export const LOGO_CONTENT_TYPES: Record<LogoType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Stored logo file names: <uuid>.<ext>, nothing else is ever served. */
export const LOGO_FILE_RE = /^[0-9a-f]{32}\.(png|jpeg|webp|gif)$/;

/** Where logos live: <DATA_DIR>/uploads/logos (a temp folder when the database is in memory). */
export function logoDir(config: Config): string {
  const base = config.dataDir === ':memory:' ? path.join(os.tmpdir(), 'deltio-memory-data') : config.dataDir;
  return path.resolve(base, 'uploads', 'logos');
}

/** Recognises the image by its first bytes, never by the name or the declared type. */
export function sniffImage(buf: Buffer): LogoType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/**
 * Reads the raw request body (the file itself, sent with its image content type),
 * refusing anything over the 2 MB limit while it streams in.
 */
export async function readLogoBody(req: Request): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > LIMITS.logoMaxBytes) {
    req.resume();
    throw badRequest('file_too_large', 'The logo must be at most 2 MB', { file: 'The logo must be at most 2 MB' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.logoMaxBytes) {
      req.resume();
      throw badRequest('file_too_large', 'The logo must be at most 2 MB', { file: 'The logo must be at most 2 MB' });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function checkLogo(buf: Buffer): LogoType {
  if (buf.length === 0) throw badRequest('file_required', 'No file was sent', { file: 'A logo file is required' });
  const type = sniffImage(buf);
  if (!type) {
    throw badRequest('unsupported_file_type', 'The logo must be a PNG, JPEG, WebP or GIF image', {
      file: 'The logo must be a PNG, JPEG, WebP or GIF image',
    });
  }
  return type;
}

/**
 * Stores the logo whole or not at all (the data folder's atomic write, or one PUT to the
 * bucket): a full or read-only disk, a bucket that cannot be reached, answers 507/503 and
 * leaves no partial or temporary file.
 */
export async function storeLogo(logos: FileStorage, buf: Buffer, type: LogoType): Promise<string> {
  const file = `${crypto.randomUUID().replace(/-/g, '')}.${type}`;
  await logos.putAt(file, buf, LOGO_CONTENT_TYPES[type]);
  return file;
}

/** Removes a stored logo file that no record points at (its record could not be written). */
export async function discardLogo(logos: FileStorage, file: string): Promise<void> {
  await logos.remove(file);
}

const LOGO_PATH = '/api/profile/logo/';

/**
 * The stored file a URL points at when it is one of our logo URLs (relative, or absolute on
 * PUBLIC_URL's origin); null for other sites' URLs. A URL on our path that names no valid
 * file is returned as '' (it can be nobody's upload).
 */
export function localLogoFile(config: Config, url: string | null | undefined): string | null {
  if (!url) return null;
  let pathname: string;
  try {
    const u = new URL(url, config.publicUrl);
    if (u.origin !== new URL(config.publicUrl).origin) return null;
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (!pathname.startsWith(LOGO_PATH)) return null;
  const file = pathname.slice(LOGO_PATH.length);
  return LOGO_FILE_RE.test(file) ? file : '';
}

/** A logo belongs to the organisation it was uploaded for (logo_uploads.organisation_id); its uploader is kept too. */
export async function recordLogoOwner(q: Knex | Knex.Transaction, file: string, userId: string, organisationId: string): Promise<void> {
  await q('logo_uploads').insert({ file, user_id: userId, organisation_id: organisationId });
}

/** Whether the file was uploaded for this organisation (by any of its members). */
export async function organisationOwnsLogo(q: Knex | Knex.Transaction, file: string, organisationId: string): Promise<boolean> {
  return Boolean(await q('logo_uploads').where({ file, organisation_id: organisationId }).first('file'));
}

/** Deletes a logo uploaded for the organisation, file and record; anything else (another organisation's, another site's) is left alone. */
export async function removeOrganisationLogo(config: Config, logos: FileStorage, q: Knex, organisationId: string, url: string | null): Promise<void> {
  const file = localLogoFile(config, url);
  if (!file) return;
  const deleted = await q('logo_uploads').where({ file, organisation_id: organisationId }).delete();
  if (deleted) await logos.remove(file);
}
