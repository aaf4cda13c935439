/** No room left: the disk or the user's quota is full. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);
/** The folder cannot be written now: mounted read-only, permissions, a failing disk, no descriptors left. */
const UNAVAILABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE']);

/** Seconds a client is asked to wait before trying to store a file again. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

export type StorageFaultKind = 'full' | 'unavailable';

/** The errno code of a file-system error (`code` with a `syscall`), else undefined. */
export function fsErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; syscall?: unknown } | null;
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || typeof e.syscall !== 'string') return undefined;
  return e.code;
}

/** Whether a file-system error means the storage is full or cannot be written (not a bug of ours). */
export function storageFaultKind(err: unknown): StorageFaultKind | undefined {
  const code = fsErrorCode(err);
  if (!code) return undefined;
  if (FULL.has(code)) return 'full';
  if (UNAVAILABLE.has(code)) return 'unavailable';
  return undefined;
}

/** The JSON error answered for a storage fault: 507 `storage_full` or 503 `storage_unavailable`. */
export function storageFaultAnswer(kind: StorageFaultKind): { status: number; code: string; message: string; retryAfter?: number } {
  return kind === 'full'
    ? { status: 507, code: 'storage_full', message: 'The file storage is full; try again later' }
    : { status: 503, code: 'storage_unavailable', message: 'The file storage is unavailable; try again later', retryAfter: STORAGE_RETRY_AFTER_SECONDS };
}
