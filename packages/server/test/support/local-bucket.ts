import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage } from '../../src/adapters/storage/s3-storage.ts';
import type { Config } from '../../src/config.ts';

export type LocalBucket = {
  /** The app's S3 settings for this bucket, as S3_* variables would give them. */
  config: NonNullable<Config['s3']> & { endpoint: string };
  /** A store on this bucket, as the app makes one. */
  storage(): ReturnType<typeof createS3Storage>;
  /** Where s3rver keeps the objects: `<directory>/<bucket>/<key>`. */
  directory: string;
  close(): Promise<void>;
};

/** An S3-compatible server on loopback (s3rver) holding one bucket, in a folder of its own. */
export async function startLocalBucket(bucket: string, prefix = ''): Promise<LocalBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    prefix,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    config,
    directory,
    storage: () => createS3Storage({ ...config, forcePathStyle: true }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
