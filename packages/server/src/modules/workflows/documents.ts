import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { accounts, documents, files, memberships } from '../../db/schema/index.ts';
import type { MemberActor, UserActor } from '../../http/actor.ts';
import { readableFiles } from '../cabinet/policies.ts';
import { presentDocument } from './load-views.ts';
import { visibleDocuments } from './policies.ts';
import { findTransaction } from './scope.ts';

/** Deleted and declined documents are hidden from user lists (spec 2 §4). */
const VISIBLE = sql`coalesce(${documents.status}, '') not in ('document.deleted', 'document.declined')`;

type Page = { limit: number; before?: number };

/** GET /api/account/transaction/{id}/documents */
export async function transactionDocuments({ tx, actor, id }: { tx: Tx; actor: MemberActor; id: number }) {
  await findTransaction(tx, actor, id);
  const rows = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.accountId, actor.accountId), eq(documents.transactionId, id), VISIBLE))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(presentDocument);
}

/** GET /api/account/document_history: newest first, a page at a time (before = the last id seen). */
export async function documentHistory({ tx, actor, page }: { tx: Tx; actor: MemberActor; page: Page }) {
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, actor.accountId),
        VISIBLE,
        visibleDocuments(actor),
        page.before === undefined ? undefined : lt(documents.id, page.before),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(page.limit);
  return rows.map(presentDocument);
}

/** A workspace file the member may open (cabinet policy), or 404 as if absent. */
export const findReadableFile = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, files, actor, id, { visible: readableFiles(actor), what: 'File not found' });

/** GET /api/account/box/file/{id}: a workspace file's bytes. */
export async function readFile({ ctx, actor, id }: { ctx: AppContext; actor: MemberActor; id: number }) {
  const file = await findReadableFile(ctx.db, actor, id);
  return { file, bytes: await ctx.storage.get(file.storageKey) };
}

/**
 * The documents of the user's workspaces, newest first; restricted (role 3) workspaces are left out
 * (spec 2 §6).
 */
export const userDocumentsScope = (userId: number) =>
  and(
    sql`${documents.accountId} in (select ${memberships.accountId} from ${memberships}
      inner join ${accounts} on ${accounts.id} = ${memberships.accountId}
      where ${memberships.userId} = ${userId} and ${ne(accounts.roleId, RESTRICTED_ROLE_ID)})`,
    VISIBLE,
  );

/** GET /api/user/document: the signed-in user's documents across their workspaces. */
export async function userDocuments({ tx, actor, page }: { tx: Tx; actor: UserActor; page: Page }) {
  const rows = await tx
    .select({ document: documents, accountName: accounts.companyName })
    .from(documents)
    .innerJoin(accounts, eq(accounts.id, documents.accountId))
    .where(
      and(
        userDocumentsScope(actor.userId),
        page.before === undefined ? undefined : lt(documents.id, page.before),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(page.limit);
  return rows.map((row) => ({
    ...presentDocument(row.document),
    account_id: row.document.accountId,
    account_name: row.accountName,
  }));
}
