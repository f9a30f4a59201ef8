import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { accounts, documents, files, memberships } from '../../db/schema/index.ts';
import type { MemberActor, UserActor } from '../../http/actor.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { readableFiles } from '../cabinet/policies.ts';
import { visibleDocuments } from './policies.ts';

/** Which documents and files lists and loaders show; the cabinet uses the same scopes. */

/** Deleted and declined documents are hidden from user lists (spec 2 §4). */
export const LISTED_DOCUMENTS = sql`coalesce(${documents.status}, '') not in ('document.deleted', 'document.declined')`;

/** A workspace file the member may open (cabinet policy), or 404 as if absent. */
export const findReadableFile = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, files, actor, id, { visible: readableFiles(actor), what: 'File not found' });

/**
 * The documents of the user's workspaces that each of their memberships may see by the workspace side's
 * own rule (visibleDocuments: without the file cabinet, task documents only), so the user-side list and
 * links show what /api/account/document_history would. Restricted (role 3) workspaces are left out
 * (spec 2 §6), and a remote-login session sees only the workspace it was opened for.
 */
export async function userDocumentsScope(tx: Tx, actor: UserActor): Promise<SQL> {
  const rows = await tx
    .select({ membership: memberships })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.userId, actor.userId),
        activeMembership,
        ne(accounts.roleId, RESTRICTED_ROLE_ID),
        actor.boundAccountId === null ? undefined : eq(memberships.accountId, actor.boundAccountId),
      ),
    );
  const perWorkspace = rows.map(({ membership }) =>
    and(eq(documents.accountId, membership.accountId), visibleDocuments({ membership, restricted: false })),
  );
  return and(or(...perWorkspace) ?? sql`false`, LISTED_DOCUMENTS) as SQL;
}
