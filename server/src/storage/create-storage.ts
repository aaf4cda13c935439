import type { Config } from '../config';
import type { Probe } from '../health/readiness';
import type { Logger } from '../logger';
import { logoDir } from '../modules/profiles/profiles.logo';
import { DataDirProbe } from './data-dir-probe';
import type { FileStorage } from './file-storage';
import { FileStore } from './files';
import type { StorageFs } from './storage-fs';

export interface Storage {
  /** Attachments (keys `attachments/<release>/<uuid>`). */
  files: FileStorage;
  /** Organisation logos (keys `<uuid>.<ext>`). */
  logos: FileStorage;
  /** The readiness probe of the store: `dataDir` (the folder) or `objectStore` (the bucket). */
  probe: { name: 'dataDir' | 'objectStore'; check: Probe };
  /** Folders besides the attachments' whose crash leftovers the temp sweep removes (the logos'; none with a bucket). */
  sweepDirs: string[];
}

/**
 * The file storage the configuration selects: the S3-compatible bucket when S3_BUCKET is set
 * (attachments under their key, logos under `logos/`), else the data folder
 * (DATA_DIR/files and DATA_DIR/uploads/logos), as before. The bucket's code (the AWS SDK,
 * ~20 MB of a process's memory) is loaded only when a bucket is configured.
 */
export async function createStorage(
  config: Config,
  logger: Logger,
  o: { fs?: StorageFs; probeTtlMs?: number } = {},
): Promise<Storage> {
  if (config.s3) {
    const { BucketProbe, S3FileStore, s3Client, loadS3Sdk } = await import('./s3-store');
    await loadS3Sdk();
    const client = s3Client(config.s3);
    const files = new S3FileStore(client, config.s3.bucket);
    const logos = new S3FileStore(client, config.s3.bucket, 'logos/');
    // One attempt per probe: its answer is cached, the next one tries again.
    const probe = new BucketProbe(s3Client(config.s3, { maxAttempts: 1 }), config.s3.bucket, {
      ttlMs: o.probeTtlMs,
    });
    files.onFault = logos.onFault = (err) => {
      logger.warn({ code: err.errno, status: err.status }, 'storage: the bucket failed');
      probe.noteFault(err);
    };
    return { files, logos, probe: { name: 'objectStore', check: probe.check }, sweepDirs: [] };
  }
  const files = new FileStore(config.dataDir, { fs: o.fs });
  const logos = new FileStore(config.dataDir, { fs: o.fs, root: logoDir(config) });
  const probe = new DataDirProbe(files.root, files.fs, { ttlMs: o.probeTtlMs });
  files.onFault = logos.onFault = (err) => {
    logger.warn({ code: err.errno, status: err.status }, 'storage: a write failed');
    probe.noteFault(err);
  };
  return { files, logos, probe: { name: 'dataDir', check: probe.check }, sweepDirs: [logos.root] };
}
