import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findReadableFile } from './documents.ts';

/** GET /api/account/box/file/{id}: a workspace file's bytes. */
export async function readFile({ ctx, actor, id }: { ctx: AppContext; actor: MemberActor; id: number }) {
  const file = await findReadableFile(ctx.db, actor, id);
  return { file, bytes: await ctx.storage.get(file.storageKey) };
}
