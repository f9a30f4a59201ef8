import yauzl from 'yauzl';
import { FileRefused } from './refusal.ts';

/**
 * How far a zip container (DOCX, ODT) may unpack, after Apache POI's ZipSecureFile, the defence Office
 * readers copy: at most 1000 entries (POI's MAX_FILE_COUNT), an entry may inflate at most 100 times its
 * packed size once past a small grace (POI's MIN_INFLATE_RATIO 0.01), and the sizes unpacked are capped
 * per entry and in total (a Word file of hundreds of pages unpacks to tens of MB; our uploads are at
 * most 100 MB packed, and images hardly pack, so those caps refuse no real document).
 */
export type ZipLimits = {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  /** Entries up to this size unpacked are not held to the ratio (a 1000:1 entry of 1 MB harms no one). */
  ratioGraceBytes: number;
};

const MB = 1024 * 1024;

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 100 * MB,
  maxTotalBytes: 200 * MB,
  maxRatio: 100,
  ratioGraceBytes: MB,
};

/** Bytes that are not a zip, or a broken one (its directory or an entry cannot be read). */
export class NotAZip extends Error {
  constructor(cause: unknown) {
    super(`Not a readable zip: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'NotAZip';
  }
}

export type ZipEntry = { name: string; packed: number; unpacked: number; directory: boolean };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function open(bytes: Uint8Array) {
  try {
    // Sizes are checked against what each entry inflates to (validateEntrySizes): a declared size lies.
    return await yauzl.fromBufferPromise(asBuffer(bytes), { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw new NotAZip(error);
  }
}

/** Refuses an entry whose declared size, or whose ratio, is past the limits; adds it to the total. */
function admit(entry: ZipEntry, limits: ZipLimits, total: { bytes: number }) {
  const { name, packed, unpacked } = entry;
  if (unpacked > limits.maxEntryBytes) {
    throw new FileRefused('size', `${name} unpacks to ${unpacked} bytes (limit ${limits.maxEntryBytes})`);
  }
  if (unpacked > limits.ratioGraceBytes && unpacked > limits.maxRatio * Math.max(packed, 1)) {
    throw new FileRefused(
      'size',
      `${name} inflates ${packed} bytes to ${unpacked} (over ${limits.maxRatio}:1)`,
    );
  }
  total.bytes += unpacked;
  if (total.bytes > limits.maxTotalBytes) {
    throw new FileRefused('size', `the entries unpack to over ${limits.maxTotalBytes} bytes`);
  }
}

/**
 * Reads the central directory only (nothing is inflated) and refuses the zip when it has too many
 * entries, or an entry or the whole declares more than the limits allow. Cheap: it runs on the request
 * thread before any work is handed to a worker. Bytes that are not a zip throw NotAZip.
 */
export async function checkZip(bytes: Uint8Array, limits = ZIP_LIMITS): Promise<ZipEntry[]> {
  const zip = await open(bytes);
  try {
    return (await admitted(zip, limits)).map(({ info }) => info);
  } finally {
    zip.close();
  }
}

async function admitted(zip: yauzl.ZipFile, limits: ZipLimits) {
  if (zip.entryCount > limits.maxEntries) {
    throw new FileRefused('entries', `${zip.entryCount} entries (limit ${limits.maxEntries})`);
  }
  const entries: { entry: yauzl.Entry; info: ZipEntry }[] = [];
  const total = { bytes: 0 };
  try {
    for await (const entry of zip.eachEntry()) {
      const info = {
        name: entry.fileName,
        packed: entry.compressedSize,
        unpacked: entry.uncompressedSize,
        directory: entry.fileName.endsWith('/'),
      };
      admit(info, limits, total);
      entries.push({ entry, info });
    }
  } catch (error) {
    throw error instanceof FileRefused ? error : new NotAZip(error);
  }
  return entries;
}

/**
 * Every file entry of the zip, inflated. The whole directory is held to the limits first, then each
 * entry is inflated as a stream that stops the moment it passes its declared size (already within the
 * limits), so a lying header costs at most one zlib chunk past it. Runs in the worker.
 */
export async function unzip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await open(bytes);
  try {
    const files = new Map<string, Buffer>();
    for (const { entry, info } of await admitted(zip, ZIP_LIMITS)) {
      if (!info.directory) files.set(info.name, await inflate(zip, entry));
    }
    return files;
  } finally {
    zip.close();
  }
}

async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  let stream: NodeJS.ReadableStream & { destroy(): void };
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new NotAZip(error);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    stream.destroy();
    if (error instanceof Error && error.message.startsWith('too many bytes')) {
      const detail = `${entry.fileName} inflates past its declared ${entry.uncompressedSize} bytes`;
      throw new FileRefused('size', detail);
    }
    throw new NotAZip(error);
  }
  return Buffer.concat(chunks);
}

/**
 * checkZip for bytes that may not be a zip at all: a zip past the limits is refused here, before any
 * worker is asked to open it; anything else is left to the parser, which says what is wrong in its terms.
 */
export async function refuseZipBomb(bytes: Uint8Array): Promise<void> {
  await checkZip(bytes).catch((error) => {
    if (!(error instanceof NotAZip)) throw error;
  });
}
