import { HttpError } from '../http/errors';
import { fsErrorCode, storageFaultAnswer, storageFaultKind, type StorageFaultKind } from './fault-kind';

/** A write refused by the storage: 507 `storage_full` (ENOSPC, EDQUOT) or 503 `storage_unavailable` (EROFS, EACCES, EPERM …). */
export class StorageError extends HttpError {
  readonly retryAfter?: number;

  constructor(
    readonly kind: StorageFaultKind,
    readonly errno: string,
  ) {
    const a = storageFaultAnswer(kind);
    super(a.status, a.code, a.message);
    this.name = 'StorageError';
    if (a.retryAfter) this.retryAfter = a.retryAfter;
  }
}

/** A storage fault as a StorageError; any other error is returned as is. */
export function toStorageError(err: unknown): unknown {
  if (err instanceof StorageError) return err;
  const kind = storageFaultKind(err);
  return kind ? new StorageError(kind, fsErrorCode(err)!) : err;
}
