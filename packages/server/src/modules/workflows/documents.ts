import { RESTRICTED_ROLE_ID } from '@charter/domain';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, documents, files, memberships } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { presentDocument } from './load-views.ts';
import { findTransaction } from './scope.ts';

/** Deleted and declined documents are hidden from user lists (spec 2 §4). */
const VISIBLE = sql`coalesce(${documents.status}, '') not in ('document.deleted', 'document.declined')`;

/** GET /api/account/transaction/{id}/documents */
export async function transactionDocuments(tx: Tx, accountId: number, transactionId: number) {
  await findTransaction(tx, accountId, transactionId);
  const rows = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.accountId, accountId), eq(documents.transactionId, transactionId), VISIBLE))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(presentDocument);
}

/** GET /api/account/document_history: newest first, a page at a time (before = the last id seen). */
export async function documentHistory(tx: Tx, accountId: number, page: { limit: number; before?: number }) {
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, accountId),
        VISIBLE,
        page.before === undefined ? undefined : lt(documents.id, page.before),
      ),
    )
    .orderBy(desc(documents.id))
    .limit(page.limit);
  return rows.map(presentDocument);
}

/** A workspace file the member may open (see assertFileReadable), or 404. */
export async function findReadableFile(tx: Tx, accountId: number, id: number, withCabinet: boolean) {
  await assertFileReadable(tx, accountId, id, withCabinet);
  const [file] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId)));
  if (!file) throw notFound('File not found');
  return file;
}

/** GET /api/account/box/file/{id}: a workspace file's bytes. */
export async function readFile(ctx: AppContext, accountId: number, id: number, withCabinet: boolean) {
  const file = await findReadableFile(ctx.db, accountId, id, withCabinet);
  return { file, bytes: await ctx.storage.get(file.storageKey) };
}

/**
 * Without file cabinet access a member still opens the documents of the workspace's tasks, and no
 * other file: those answer 404 as if absent.
 */
export async function assertFileReadable(tx: Tx, accountId: number, id: number, withCabinet: boolean) {
  if (withCabinet) return;
  const [document] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.fileId, id), eq(documents.accountId, accountId)))
    .limit(1);
  if (!document) throw notFound('File not found');
}

/**
 * GET /api/user/document: the signed-in user's documents across their workspaces, newest first;
 * restricted (role 3) workspaces are left out (spec 2 §6).
 */
export async function userDocuments(tx: Tx, userId: number, page: { limit: number; before?: number }) {
  const rows = await tx
    .select({ document: documents, accountName: accounts.companyName })
    .from(documents)
    .innerJoin(
      memberships,
      and(eq(memberships.accountId, documents.accountId), eq(memberships.userId, userId)),
    )
    .innerJoin(accounts, eq(accounts.id, documents.accountId))
    .where(
      and(
        VISIBLE,
        ne(accounts.roleId, RESTRICTED_ROLE_ID),
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
