import type { Readable } from 'node:stream';
import { HttpError } from '../http/errors';
import type { StorageError } from './storage-errors';

/** The bytes to store: a buffer, or a stream read once (uploads are streamed to the store). */
export type FileData = Buffer | AsyncIterable<Uint8Array>;

/** A stored file that is not there (removed, never copied to the bucket): answered 404. */
export class FileMissing extends HttpError {
  constructor(readonly key: string) {
    super(404, 'not_found', 'File not found');
    this.name = 'FileMissing';
  }
}

/** How a signed download link presents the file (the same headers the app sends itself). */
export interface SignedGet {
  contentType: string;
  contentDisposition: string;
  ttlSeconds: number;
}

/**
 * Where attachments and logos are kept: the data folder (FileStore, the zero-install default)
 * or an S3-compatible bucket (S3FileStore, with S3_BUCKET). Keys are relative paths made by
 * the app (`attachments/<release>/<uuid>`, `<uuid>.png`), never taken from user input.
 *
 * Every fault of the storage itself (a full or read-only disk, a bucket that cannot be
 * reached or answers 5xx) is thrown as a StorageError: 507 `storage_full` or 503
 * `storage_unavailable`, never a 500.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Told of every storage fault (the readiness probe reports it at once). */
  onFault?: (err: StorageError) => void;
  /** Stores the bytes under a new key in `folder` and returns the key. */
  put(folder: string, data: FileData, contentType?: string): Promise<string>;
  /** Stores the bytes under `key` (whole or not at all). */
  putAt(key: string, data: FileData, contentType?: string): Promise<void>;
  /** The file's bytes as a stream; FileMissing when there is none. */
  open(key: string): Promise<Readable>;
  /** The whole file (small files: logos); FileMissing when there is none. */
  read(key: string): Promise<Buffer>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Whether the file is there, and its size. */
  stat(key: string): Promise<{ size: number } | null>;
  /** A short-lived URL that downloads the file without the app, when the store can make one. */
  signedGetUrl?(key: string, o: SignedGet): Promise<string>;
}
