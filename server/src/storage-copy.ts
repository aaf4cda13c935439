/**
 * `npm run storage:copy` (in the image: `node dist/server/storage-copy.js`): copies the
 * attachments and logos of DATA_DIR to the S3 bucket of S3_BUCKET, S3_ENDPOINT … (the same
 * variables as the app). Idempotent: files already in the bucket are skipped; run it again
 * to catch up. Prints the counts as JSON; exits 1 when a file could not be copied.
 */
import path from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig } from './config';
import { logoDir } from './modules/profiles/profiles.logo';
import { copyToBucket, localSources } from './storage/copy-to-bucket';
import { loadS3Sdk, S3FileStore, s3Client } from './storage/s3-store';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  if (!config.s3) {
    console.error(
      'storage:copy: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID … as for the app) to copy the files to a bucket.',
    );
    return 2;
  }
  if (config.dataDir === ':memory:') {
    console.error('storage:copy: DATA_DIR is :memory:, there are no files to copy.');
    return 2;
  }
  await loadS3Sdk();
  const client = s3Client(config.s3);
  // A wrong endpoint, bucket or key is said at once, not as one failure per file.
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.s3.bucket }));
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    console.error(
      `storage:copy: the bucket ${config.s3.bucket} cannot be reached: ${e.code ?? e.name ?? ''} ${e.message ?? ''}`.trim(),
    );
    client.destroy();
    return 1;
  }
  const sources = localSources({
    filesDir: path.resolve(config.dataDir, 'files'),
    logoDir: logoDir(config),
    files: new S3FileStore(client, config.s3.bucket),
    logos: new S3FileStore(client, config.s3.bucket, 'logos/'),
  });
  const report = await copyToBucket(sources, (line) => console.error(line));
  client.destroy();
  console.log(JSON.stringify({ bucket: config.s3.bucket, ...report }));
  return report.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
