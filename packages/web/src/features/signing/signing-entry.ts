import { DOCUMENT_STATUS } from '@charter/domain';
import type { DocumentRow } from '../workbench/types.ts';

type Row = Pick<DocumentRow, 'filename' | 'status' | 'box_file_id' | 'original_file_id'>;

export const signingPath = (companyId: number, documentId: number) =>
  `/c/${companyId}/documents/${documentId}/sign`;

/** Statuses only a document with signing has (spec 2 §4: a draft's email has not been sent). */
const SIGNING_STATUSES = new Set<string>([
  DOCUMENT_STATUS.DRAFT,
  DOCUMENT_STATUS.SENT,
  DOCUMENT_STATUS.VIEWED,
  DOCUMENT_STATUS.DECLINED,
]);

/** The document was prepared or sent for signature (its original kept apart from the sealed file). */
export const hasSigning = (document: Row) =>
  (document.original_file_id ?? null) !== null || SIGNING_STATUSES.has(document.status ?? '');

/** A PDF not yet prepared for signature can be. */
export const canSendForSignature = (document: Row) =>
  !hasSigning(document) && document.box_file_id !== null && /\.pdf$/i.test(document.filename);

/** The file to show: the sealed one once there, else the one being signed. */
export const shownFileId = (document: Pick<Row, 'box_file_id' | 'original_file_id'>) =>
  document.box_file_id ?? document.original_file_id ?? null;
