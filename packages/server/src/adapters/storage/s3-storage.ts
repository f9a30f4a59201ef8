import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  isStorageKey,
  newStorageKey,
  removeUnnamed,
  type Storage,
  sha256Hex,
} from './storage.ts';

export type S3StorageOptions = {
  /** An S3-compatible server (MinIO, R2, s3rver…); unset means AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /**
   * Where in the bucket this installation's objects live ('' for the whole bucket, 'charter/' for a
   * folder): a bucket shared by installations gives each its own prefix, since each sweeps its own.
   */
  prefix?: string;
  /** Empty strings fall back to the SDK's default credential chain (instance roles, AWS_* variables). */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
};

/** An S3 bucket; same random `ab/<uuid>` keys as the disk store. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Default checksums stream bodies with aws-chunked framing that some S3-compatible servers store
    // verbatim; we send our own SHA-256 instead, which S3 verifies before acknowledging the write.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const objectKey = (key: string) => prefix + assertStorageKey(key);

  const getBody = async (key: string) => {
    const response = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
    if (!response.Body) throw new Error(`Empty body for storage key ${key}`);
    return response.Body;
  };

  /** Resolves once S3 has checked the SHA-256 and acknowledged the whole object: never a partial one. */
  const putObject = async (body: Uint8Array | Readable, size: number, sha256: string) => {
    const key = newStorageKey();
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: body,
        ContentLength: size,
        ContentType: 'application/octet-stream',
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
      }),
    );
    return { key, size, sha256 };
  };

  return {
    put: (bytes) => putObject(bytes, bytes.byteLength, sha256Hex(bytes)),
    putFile: (file, known) => putObject(fs.createReadStream(file), known.size, known.sha256),
    async get(key) {
      const bytes = await (await getBody(key)).transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async getStream(key) {
      const body = await getBody(key);
      if (!(body instanceof Readable)) throw new Error('S3 body is not a Node stream');
      return body;
    },
    async remove(key) {
      // S3 deletes are idempotent: a missing key succeeds, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    /**
     * Objects under the prefix written before `before` that no row names: what a crash between the
     * write and its row's commit left. A put is whole or absent, so there are never partial objects.
     * Objects whose names are not keys Charter makes are left alone, whoever wrote them. Listing costs
     * one request per thousand objects, each sweep.
     */
    async sweep(referenced, before) {
      const orphans: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        const old = (page.Contents ?? [])
          .filter((object) => object.LastModified && object.LastModified < before)
          .map((object) => object.Key?.slice(prefix.length) ?? '')
          .filter(isStorageKey);
        // One DeleteObject at a time: DeleteObjects asks for checksums some S3-compatible servers
        // refuse, and orphans are rare.
        const removed = await removeUnnamed(old, referenced, (key) =>
          client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })),
        );
        orphans.push(...removed);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return { orphans, partials: [] };
    },
  };
}
