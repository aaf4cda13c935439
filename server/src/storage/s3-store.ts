import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { ProbeResult } from '../health/readiness';
import { FileMissing, type FileData, type FileStorage, type SignedGet } from './file-storage';
import { StorageError } from './storage-errors';

/** Bytes per part of a multipart upload (S3's minimum); a smaller file goes up in one PUT. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The AWS SDK, loaded by loadS3Sdk() when a bucket is configured (create-storage.ts,
 * storage-copy.ts): a process on the data folder never loads it (~20 MB of memory). Imported
 * dynamically, so the server's bundle does not load it at start either.
 */
interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  upload: typeof import('@aws-sdk/lib-storage');
  presigner: typeof import('@aws-sdk/s3-request-presigner');
}
let sdk: Sdk | undefined;

export async function loadS3Sdk(): Promise<void> {
  if (sdk) return;
  const [s3, upload, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  sdk = { s3, upload, presigner };
}

function loaded(): Sdk {
  if (!sdk) throw new Error('s3-store: loadS3Sdk() was not awaited before using the bucket');
  return sdk;
}

/** The S3 client of a configuration: MinIO, AWS S3, Cloudflare R2 … (after loadS3Sdk()) */
export function s3Client(c: S3Config, o: { maxAttempts?: number } = {}): S3Client {
  return new (loaded().s3.S3Client)({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    ...(c.credentials ? { credentials: c.credentials } : {}),
    forcePathStyle: c.forcePathStyle,
    // The checksums newer SDKs add to every request (aws-chunked bodies) are not understood by
    // every S3-compatible server (older MinIO, R2 at times): only when an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: o.maxAttempts ?? 3,
    // A bucket that does not answer is a fault within seconds, not a request hanging.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

interface SdkError {
  name?: string;
  code?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * A fault of the bucket (it cannot be reached, times out, answers 5xx, refuses our
 * credentials, is full) as a StorageError: 503 `storage_unavailable`, or 507 `storage_full`
 * for a full MinIO. Anything else (a request of ours it rejects) is not a fault: undefined.
 */
export function s3Fault(err: unknown): StorageError | undefined {
  if (err instanceof StorageError) return err;
  const e = (err ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? e.Code ?? 'unknown';
  if (status === 507 || name === 'XMinioStorageFull') return new StorageError('full', `s3:${name}`);
  // No HTTP answer at all: a network error (ECONNREFUSED, ECONNRESET, a timeout …).
  if (status === undefined) return new StorageError('unavailable', `s3:${e.code ?? name}`);
  if (status >= 500 || status === 429 || status === 401 || status === 403)
    return new StorageError('unavailable', `s3:${name}`);
  if (name === 'NoSuchBucket') return new StorageError('unavailable', 's3:NoSuchBucket');
  return undefined;
}

function isMissing(err: unknown): boolean {
  const e = (err ?? {}) as SdkError;
  return (
    e.name === 'NoSuchKey' ||
    e.name === 'NotFound' ||
    (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket')
  );
}

/**
 * Files in an S3-compatible bucket, under `prefix` (logos: `logos/`). Uploads are streamed
 * (multipart above 5 MB, parts sent as they arrive, abandoned parts aborted on failure), reads
 * stream the object's body. Every processes that share the bucket see the same files.
 */
export class S3FileStore implements FileStorage {
  readonly kind = 's3' as const;
  onFault?: (err: StorageError) => void;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix = '',
  ) {}

  /** The object key of a storage key. */
  objectKey(key: string): string {
    if (!key || key.split('/').some((p) => p === '..' || p === '.' || p === ''))
      throw new Error('invalid storage key');
    return this.prefix + key;
  }

  private fail(err: unknown): unknown {
    const fault = s3Fault(err);
    if (fault) {
      this.onFault?.(fault);
      return fault;
    }
    return err;
  }

  async put(folder: string, data: FileData, contentType?: string): Promise<string> {
    const key = path.posix.join(folder.replace(/[^a-z0-9/_-]/gi, ''), crypto.randomUUID());
    await this.putAt(key, data, contentType);
    return key;
  }

  async putAt(key: string, data: FileData, contentType?: string): Promise<void> {
    // An error of the source (the sender went away, the file went over its limit) is the
    // caller's, thrown as it is: not a fault of the bucket.
    let sourceFailed: { err: unknown } | undefined;
    async function* watched(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      try {
        yield* source;
      } catch (err) {
        sourceFailed = { err };
        throw err;
      }
    }
    const upload = new (loaded().upload.Upload)({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: Buffer.isBuffer(data) ? data : Readable.from(watched(data)),
        ...(contentType ? { ContentType: contentType } : {}),
      },
      partSize: PART_BYTES,
      // One part in flight: at most about 5 MB of an upload is held in memory.
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      if (sourceFailed) throw sourceFailed.err;
      throw this.fail(err);
    }
  }

  async open(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(
        new (loaded().s3.GetObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject returned no stream');
      return out.Body;
    } catch (err) {
      if (isMissing(err)) throw new FileMissing(key);
      throw this.fail(err);
    }
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.open(key);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    } catch (err) {
      throw this.fail(err);
    }
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(
        new (loaded().s3.DeleteObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
    } catch (err) {
      if (isMissing(err)) return;
      throw this.fail(err);
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const out = await this.client.send(
        new (loaded().s3.HeadObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: Number(out.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.fail(err);
    }
  }

  /** A GET URL signed for `ttlSeconds`, answering with the app's content type and disposition. */
  signedGetUrl(key: string, o: SignedGet): Promise<string> {
    const cmd = new (loaded().s3.GetObjectCommand)({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentType: o.contentType,
      ResponseContentDisposition: o.contentDisposition,
    });
    return loaded().presigner.getSignedUrl(this.client, cmd, { expiresIn: o.ttlSeconds });
  }
}

export interface BucketProbeOptions {
  /** How long one answer is reused, so /readyz stays cheap (5 s). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The `objectStore` readiness probe: a HeadBucket at most once per `ttlMs` (down,
 * `object_store_unavailable`, with the error, when it fails). A fault in a request reports
 * the bucket down at once, until the next probe reaches it again.
 */
export class BucketProbe {
  private cached?: { at: number; result: ProbeResult };
  private running?: Promise<ProbeResult>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    o: BucketProbeOptions = {},
  ) {
    this.ttlMs = o.ttlMs ?? 5_000;
    this.now = o.now ?? Date.now;
  }

  readonly check = async (): Promise<ProbeResult> => {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.result;
    this.running ??= this.probe().finally(() => {
      this.running = undefined;
    });
    const result = await this.running;
    this.cached = { at: this.now(), result };
    return result;
  };

  noteFault(err: StorageError): void {
    this.cached = {
      at: this.now(),
      result: { state: 'down', reason: 'object_store_unavailable', code: err.errno },
    };
  }

  private async probe(): Promise<ProbeResult> {
    const started = performance.now();
    try {
      await this.client.send(new (loaded().s3.HeadBucketCommand)({ Bucket: this.bucket }));
    } catch (err) {
      const e = (err ?? {}) as SdkError;
      return {
        state: 'down',
        reason: 'object_store_unavailable',
        code: `s3:${e.code ?? e.name ?? 'unknown'}`,
      };
    }
    return {
      state: 'ok',
      bucket: this.bucket,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }
}
