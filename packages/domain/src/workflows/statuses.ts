/** Document statuses (spec 2 §4). */
export const DOCUMENT_STATUS = {
  DRAFT: 'document.draft',
  UPLOAD: 'document.upload',
  SENT: 'document.sent',
  VIEWED: 'document.viewed',
  WAITING_APPROVAL: 'document.waiting_approval',
  WAITING_PAY: 'document.waiting_pay',
  COMPLETED: 'document.completed',
  DECLINED: 'document.declined',
  DELETED: 'document.deleted',
  /** A display state of spec 2 §4: the sender withdrew it from signature. */
  VOIDED: 'document.voided',
} as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];

export const TRANSACTION_STATES = ['Open', 'Processing', 'Completed'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

export type StatusTask = {
  state: string;
  status_label: string | null;
  document: { revision_count: number } | null;
};

export type StatusTransaction = {
  open: boolean;
  is_started: boolean;
  validated_questionnaire: boolean;
  state: string;
  tasks: readonly StatusTask[];
};

/** The label of a task (spec 2 §4): Incomplete shows nothing. */
export function taskStatusLabel(task: StatusTask): string {
  if ((task.document?.revision_count ?? 0) > 0) return 'Awaiting Approval';
  if (task.status_label === 'Awaiting Signature') return 'Awaiting Signature';
  if (task.state === 'Completed') return 'Completed';
  const label = task.status_label ?? task.state;
  return label === 'Incomplete' ? '' : label;
}

/** The status a transaction card shows (spec 2 §4 "Transaction card status"). */
export function transactionCardStatus(transaction: StatusTransaction): string {
  if (transaction.open) {
    if (!transaction.is_started) return 'Not Started';
    return transaction.validated_questionnaire ? 'In Progress' : 'Form Incomplete';
  }
  const { tasks } = transaction;
  if (tasks.length > 0 && tasks.every((task) => task.state === 'Completed' || task.state === 'Skipped')) {
    return 'Completed';
  }
  if (tasks.some((task) => (task.document?.revision_count ?? 0) > 1)) return 'Awaiting Approval';
  if (tasks.some((task) => task.status_label === 'Awaiting Signature')) return 'Awaiting Signature';
  return transaction.state;
}

/** The portal's group badge (spec 2 §2). */
export function groupTaskBadge(transaction: Omit<StatusTransaction, 'tasks' | 'state'>): string {
  if (!transaction.open) return 'Submitted';
  if (transaction.validated_questionnaire) return 'Form Completed';
  return transaction.is_started ? 'Form Started' : 'Get Started';
}

/** Task action labels on the overview (spec 2 §2). */
export function taskActionLabel(
  transaction: { open: boolean; state: string },
  isAssessment: boolean,
): string {
  if (isAssessment) return 'View Overview';
  if (transaction.open) return 'Continue';
  return transaction.state === 'Processing' ? 'Review' : 'View Task';
}

/** '1-3 days', or 'instant' for System and Upload tasks (spec 2 §9). */
export function deliverableTimeline(
  deliverable: { low_days: number; high_days: number },
  task: { type: string; mode: string },
): string {
  if (task.type === 'System' || task.mode === 'Upload') return 'instant';
  const { low_days: low, high_days: high } = deliverable;
  const unit = high === 1 ? 'day' : 'days';
  return low === high ? `${high} ${unit}` : `${low}-${high} ${unit}`;
}

export const PRIOR_TASKS_PENDING =
  'Unable to submit task until previous project tasks are completed|submitted.';
export const PROJECT_HAS_COMPLETED = 'Project contains completed transactions. Please contact support';
export const FORM_COMPLETED = 'Form Completed';
export const TASK_MODE_TOASTS = {
  Generate: 'Process set to generate.',
  Upload: 'Process set to upload.',
  Skip: 'Process set to skip.',
  Custom: 'Process set to custom document.',
  Enable: 'Process enabled.',
} as const;

/** A document's label (spec 2 §4): a document with a file counts as completed unless it is an upload. */
export function documentStatusLabel(document: {
  status: string | null;
  box_file_id: number | null;
  revision_count: number;
}): string {
  if (document.revision_count > 0) return 'Awaiting Approval';
  if (document.box_file_id !== null && !document.status) return 'Uploaded';
  if (document.box_file_id !== null || document.status === DOCUMENT_STATUS.COMPLETED) return 'Completed';
  if (document.status === DOCUMENT_STATUS.VIEWED) return 'Viewed';
  if (document.status === DOCUMENT_STATUS.SENT) return 'Awaiting Signature';
  if (document.status === DOCUMENT_STATUS.DRAFT) return 'Not yet sent';
  if (document.status === DOCUMENT_STATUS.DECLINED) return 'Declined';
  if (document.status === DOCUMENT_STATUS.VOIDED) return 'Voided';
  return '';
}

/** Spec 2 §9: after a reopen, Submit waits 12 s with a message. */
export const REOPEN_WAIT_MS = 12_000;
export const REOPEN_WAIT_MESSAGE =
  'Your task is being reopened. Please wait a few seconds before submitting again.';
export const PROJECT_NAME_UPDATED = 'Project Name Updated!';

/** Workflow roles a project's counsel can hold (spec 2 §6); Investor is the default. */
export const COUNSEL_ROLES = [
  'Investor',
  'Attorney',
  'Capital Statement',
  'Co-Founder',
  'Coach',
  'Member',
  'New Client',
  'Party',
  'Recipient',
  'Trustee',
  'Individual',
] as const;
export type CounselRole = (typeof COUNSEL_ROLES)[number];

/**
 * A recipient's label in a document's recipients list (spec 2 §4): Signed; Not signed once their email
 * went out; before that, Not yet sent while the document itself has not been sent, else Email not sent
 * (a later signer in order, or a viewer who gets the final copy).
 */
export function recipientLabel(
  recipient: { signed: boolean; email_sent: boolean },
  documentStatus: string | null,
): string {
  if (recipient.signed) return 'Signed';
  if (recipient.email_sent) return 'Not signed';
  const sent = documentStatus !== null && documentStatus !== DOCUMENT_STATUS.DRAFT;
  return sent ? 'Email not sent' : 'Not yet sent';
}
