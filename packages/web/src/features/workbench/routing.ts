/** Workbench routes (spec 2 §2): /c/{companyId}/workbench/{moduleId}/{projectId}/{transactionId}/{step}. */
export const WORKBENCH_STEPS = [
  'overview',
  'portal',
  'task-view',
  'plans',
  'batch-upload',
  'add',
  'portal-task',
] as const;
export type WorkbenchStep = (typeof WORKBENCH_STEPS)[number];

/** Old step names that now mean the form (task-view); `new` also creates the project first. */
export const LEGACY_STEPS = [
  'initialize',
  'enter-information',
  'questionnaire',
  'task-tracking',
  'new',
  'review',
  'finalize',
] as const;

export const DEFAULT_MODULE_ID = 2;

/** Module ids 2 to 9 count as 1 in navigation. */
export const navigationModuleId = (moduleId: number) => (moduleId >= 2 && moduleId <= 9 ? 1 : moduleId);

export const workbenchPath = (
  companyId: number,
  moduleId: number,
  projectId: number,
  transactionId: number,
  step: WorkbenchStep,
) => `/c/${companyId}/workbench/${moduleId || DEFAULT_MODULE_ID}/${projectId}/${transactionId}/${step}`;

export type RoutableTransaction = { id: number; open: boolean; validated_questionnaire: boolean };

/**
 * The step a transaction opens on: an assessment that is not open shows its overview, an open one its
 * form; another group than the current one opens as portal-task; an ordinary group shows its form until
 * the form is completed, then its overview.
 */
export function stepFor(
  transaction: RoutableTransaction,
  options: { isAssessment: boolean; currentTransactionId?: number },
): WorkbenchStep {
  if (options.currentTransactionId !== undefined && options.currentTransactionId !== transaction.id) {
    return 'portal-task';
  }
  if (options.isAssessment) return transaction.open ? 'task-view' : 'overview';
  return transaction.open && !transaction.validated_questionnaire ? 'task-view' : 'overview';
}

/** The group a project opens on: its first open one, else its first. */
export function currentTransaction<T extends { open: boolean }>(transactions: readonly T[]): T | undefined {
  return transactions.find((t) => t.open) ?? transactions[0];
}

/**
 * Where a deleted group leaves the user: the project's current group among those left, or the workflows
 * page when it was the last one (the server removes the emptied workflow with it).
 */
export function pathAfterDeletion(
  companyId: number,
  moduleId: number,
  projectId: number,
  groups: readonly (RoutableTransaction & { position: number })[],
  deletedId: number,
  isAssessment: boolean,
): string {
  const left = groups.filter((g) => g.id !== deletedId).sort((a, b) => a.position - b.position);
  const next = currentTransaction(left);
  if (!next) return `/c/${companyId}/workflows`;
  return workbenchPath(companyId, moduleId, projectId, next.id, stepFor(next, { isAssessment }));
}
