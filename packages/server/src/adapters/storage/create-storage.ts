import path from 'node:path';
import type { Config } from '../../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createDiskStorage, type Storage } from './storage.ts';

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, 'files'));
  const { endpoint, ...s3 } = config.s3;
  // S3-compatible servers (MinIO, s3rver) rarely resolve bucket subdomains; AWS itself prefers them.
  return createS3Storage({ ...s3, endpoint: endpoint ?? undefined, forcePathStyle: endpoint !== null });
}
