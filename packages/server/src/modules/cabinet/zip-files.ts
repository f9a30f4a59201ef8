import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import type { AppContext } from '../../context.ts';
import { files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';

/** 'a.pdf', 'a.pdf' -> 'a.pdf', 'a (2).pdf' */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/**
 * POST /api/account/storage/download-zip: the chosen files as one zip, streamed: each file is read
 * from storage only when the zip reaches it.
 */
export async function zipFiles(input: {
  ctx: AppContext;
  actor: MemberActor;
  ids: number[];
}): Promise<Readable> {
  const { ctx, actor, ids } = input;
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({
      id: files.id,
      filename: files.filename,
      storageKey: files.storageKey,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(and(eq(files.accountId, actor.accountId), inArray(files.id, unique)));
  if (rows.length !== unique.length) throw notFound('File not found');
  const names = uniqueNames(rows.map((r) => r.filename));
  const zip = new yazl.ZipFile();
  const add = async (index: number) => {
    if (index >= rows.length) {
      zip.end();
      return;
    }
    const stream = (await ctx.storage.getStream(rows[index].storageKey)) as Readable;
    zip.addReadStream(stream, names[index], { mtime: rows[index].createdAt });
    // The next file is opened once this one has been read into the zip.
    stream.once(
      'end',
      () => void add(index + 1).catch((error) => (zip.outputStream as Readable).destroy(error)),
    );
    stream.once('error', (error) => (zip.outputStream as Readable).destroy(error));
  };
  await add(0);
  return zip.outputStream as Readable;
}
