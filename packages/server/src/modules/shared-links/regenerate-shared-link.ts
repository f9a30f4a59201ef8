import { SHARED_LINK_DEFAULT_DAYS, type SharedLinkView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { sharedLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { authorizeSharing } from '../auth/policies.ts';
import { codeHash, deriveCode, linkSecret } from '../rooms/link-codes.ts';
import { assertMayManageLinks } from './policies.ts';
import { presentSharedLink } from './presenters.ts';
import { findSharedLink, sharedLinkExpiry } from './scope.ts';

/**
 * PUT /api/account/shared_link ('New Data Room link created'): a new code generation, so every url handed
 * out before dies, and a fresh expiry of the default length.
 */
export async function regenerateSharedLink(input: {
  ctx: AppContext;
  tx: Tx;
  actor: MemberActor;
  id: number;
  baseUrl: string;
}): Promise<SharedLinkView> {
  const { ctx, tx, actor, id, baseUrl } = input;
  assertMayManageLinks(actor);
  authorizeSharing(actor);
  const link = await findSharedLink(tx, actor, id, true);
  const generation = link.codeGeneration + 1;
  const code = deriveCode(await linkSecret(ctx, tx), 'cabinet', link.id, generation);
  const now = new Date();
  const [row] = await tx
    .update(sharedLinks)
    .set({
      codeGeneration: generation,
      codeHash: codeHash(code),
      expiresAt: sharedLinkExpiry(SHARED_LINK_DEFAULT_DAYS, now),
      updatedAt: now,
    })
    .where(eq(sharedLinks.id, link.id))
    .returning();
  await recordAudit(tx, actor, 'shared_link.regenerate', { sharedLinkId: row.id, generation });
  return presentSharedLink(ctx, tx, actor, row, baseUrl);
}
