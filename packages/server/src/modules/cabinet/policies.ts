import type { CabinetFileAbilities } from '@charter/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { documentRevisions, documents, files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { type DocumentViewer, visibleDocuments } from '../workflows/policies.ts';

export const NO_CABINET_ACCESS = 'You do not have access to the file cabinet.';

/**
 * Who may use the file cabinet and open its files. The cabinet needs filecabinet_access and is closed to
 * restricted (role 3) workspaces (spec 1 §6); without it a member still opens the documents of the
 * tasks they can see, and no other file.
 */
export const canUseCabinet = (actor: DocumentViewer) =>
  actor.membership.filecabinetAccess && !actor.restricted;

/** SQL twin of "may open this file": every file with the cabinet, else only visible task documents'. */
export function readableFiles(actor: MemberActor): SQL | undefined {
  if (canUseCabinet(actor)) return undefined;
  // A document out for signature has its original, and once sealed its final, as files.
  const visible = and(eq(documents.accountId, actor.accountId), visibleDocuments(actor));
  return sql`${files.id} in (select ${documents.fileId} from ${documents} where ${visible}
    union select ${documents.originalFileId} from ${documents} where ${visible})`;
}

/**
 * A file a document holds: its file, the original it is (or was) signed as, or one of its revisions. It
 * stays in the cabinet as long as its document (the signing's evidence stays); SQL of fileAbilities'
 * isDocument.
 */
// Qualified by hand: drizzle writes a one-table query's columns bare, and a bare "id" inside the
// subqueries would be the document's own.
export const heldByDocument = sql`(exists (select 1 from ${documents} d
    where d.file_id = ${files}.id or d.original_file_id = ${files}.id)
  or exists (select 1 from ${documentRevisions} r where r.file_id = ${files}.id))`;

/** A task's document stays in the cabinet as long as its task (it goes with it). */
export const fileAbilities = (actor: MemberActor, file: { isDocument: boolean }): CabinetFileAbilities => {
  const cabinet = canUseCabinet(actor);
  return { download: true, rename: cabinet, move: cabinet, delete: cabinet && !file.isDocument };
};
