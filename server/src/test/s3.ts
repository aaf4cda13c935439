import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  url: string;
  bucket: string;
  /** The environment that points a server at this bucket (path style, s3rver's fixed keys). */
  env: Record<string, string>;
  /** Stops the server (the bucket becomes unreachable); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** A local S3-compatible server (s3rver) in the test process, on a free port, with one bucket in a temporary folder. */
export async function startS3(bucket = 'deltio-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-s3rver-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server = make(0);
  const { port } = await server.run();
  let running = true;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    url,
    bucket,
    env: {
      S3_ENDPOINT: url,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start: async () => {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    destroy: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
