import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { accounts, documents, files, memberships } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { readableFiles } from '../cabinet/policies.ts';

/** Which documents and files lists and loaders show; the cabinet uses the same scopes. */

/** Deleted and declined documents are hidden from user lists (spec 2 §4). */
export const LISTED_DOCUMENTS = sql`coalesce(${documents.status}, '') not in ('document.deleted', 'document.declined')`;

/** A workspace file the member may open (cabinet policy), or 404 as if absent. */
export const findReadableFile = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, files, actor, id, { visible: readableFiles(actor), what: 'File not found' });

/**
 * The documents of the user's workspaces, newest first; restricted (role 3) workspaces are left out
 * (spec 2 §6).
 */
export const userDocumentsScope = (userId: number) =>
  and(
    sql`${documents.accountId} in (select ${memberships.accountId} from ${memberships}
      inner join ${accounts} on ${accounts.id} = ${memberships.accountId}
      where ${memberships.userId} = ${userId} and ${activeMembership}
        and ${ne(accounts.roleId, RESTRICTED_ROLE_ID)})`,
    LISTED_DOCUMENTS,
  );
