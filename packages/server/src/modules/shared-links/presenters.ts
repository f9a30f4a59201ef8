import type { SharedLinkView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { mayManageLinks } from './policies.ts';
import type { SharedLinkRow } from './scope.ts';

/** The visitor's page a code opens. */
export const sharedCabinetUrl = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, '')}/shared-cabinet/${code}`;

/** Links as their workspace sees them: the code is derived again for the url; its hash never leaves. */
export async function presentSharedLinks(
  ctx: AppContext,
  tx: Tx,
  actor: MemberActor,
  rows: SharedLinkRow[],
  baseUrl: string,
): Promise<SharedLinkView[]> {
  if (!rows.length) return [];
  const secret = await linkSecret(ctx, tx);
  const now = Date.now();
  const manage = mayManageLinks(actor);
  return rows.map((row) => ({
    id: row.id,
    module_id: row.moduleId,
    root_path: row.rootPath,
    url: sharedCabinetUrl(baseUrl, deriveCode(secret, 'cabinet', row.id, row.codeGeneration)),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: { manage },
  }));
}

export async function presentSharedLink(
  ctx: AppContext,
  tx: Tx,
  actor: MemberActor,
  row: SharedLinkRow,
  baseUrl: string,
): Promise<SharedLinkView> {
  const [view] = await presentSharedLinks(ctx, tx, actor, [row], baseUrl);
  return view;
}
