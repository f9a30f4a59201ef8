import { DOCUMENT_STATUS } from '@charter/domain';
import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import {
  documents,
  projects,
  projectTemplates,
  recommendations,
  tasks,
  transactions,
} from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';

/**
 * Who may see and do what in workflows. Each rule is written twice: a pure check on a loaded object
 * (abilities sent to the web app, filters in memory) and its SQL twin (loaders and lists), kept in step
 * by policies.test.ts.
 *
 * Spec 1 §6 / spec 2 §6: a restricted (role 3) workspace sees project templates and projects of modules
 * 4 and 5 only, and task groups, their tasks, documents and to-dos of module 4 only.
 */
export const RESTRICTED_PROJECT_MODULES = [4, 5] as const;
export const RESTRICTED_TASK_MODULES = [4] as const;

const within = (modules: readonly number[], moduleId: number) => modules.includes(moduleId);

export const canSeeProjectModule = (actor: Pick<MemberActor, 'restricted'>, moduleId: number) =>
  !actor.restricted || within(RESTRICTED_PROJECT_MODULES, moduleId);

export const canSeeTaskModule = (actor: Pick<MemberActor, 'restricted'>, moduleId: number) =>
  !actor.restricted || within(RESTRICTED_TASK_MODULES, moduleId);

// SQL twins: undefined means "no restriction", which drizzle's and() leaves out.

const templateIdsIn = (modules: readonly number[]) =>
  sql`(select ${projectTemplates.id} from ${projectTemplates}
       where ${projectTemplates.moduleId} in (${sql.join(
         modules.map((m) => sql`${m}`),
         sql`, `,
       )}))`;

const projectIdsIn = (modules: readonly number[]) =>
  sql`(select ${projects.id} from ${projects} where ${projects.templateId} in ${templateIdsIn(modules)})`;

const transactionIdsIn = (modules: readonly number[]) =>
  sql`(select ${transactions.id} from ${transactions}
       where ${transactions.projectId} in ${projectIdsIn(modules)})`;

const onlyIf = (actor: Pick<MemberActor, 'restricted'>, condition: () => SQL): SQL | undefined =>
  actor.restricted ? condition() : undefined;

export const visibleTemplates = (actor: MemberActor) =>
  onlyIf(actor, () => sql`${projectTemplates.id} in ${templateIdsIn(RESTRICTED_PROJECT_MODULES)}`);

export const visibleProjects = (actor: MemberActor) =>
  onlyIf(actor, () => sql`${projects.templateId} in ${templateIdsIn(RESTRICTED_PROJECT_MODULES)}`);

export const visibleTransactions = (actor: MemberActor) =>
  onlyIf(actor, () => sql`${transactions.projectId} in ${projectIdsIn(RESTRICTED_TASK_MODULES)}`);

export const visibleTasks = (actor: MemberActor) =>
  onlyIf(actor, () => sql`${tasks.transactionId} in ${transactionIdsIn(RESTRICTED_TASK_MODULES)}`);

/**
 * What the document rules read of a member: their workspace's kind and their cabinet flag. The user-side
 * list (documents.ts userDocumentsScope) applies the same rule to each of the user's memberships.
 */
export type DocumentViewer = Pick<MemberActor, 'restricted'> & {
  membership: Pick<MemberActor['membership'], 'filecabinetAccess'>;
};

export const visibleDocuments = (actor: DocumentViewer) =>
  and(
    onlyIf(actor, () => sql`${documents.transactionId} in ${transactionIdsIn(RESTRICTED_TASK_MODULES)}`),
    // A document outside any task group (a cabinet file sent for signature) is the cabinet's: only members
    // who may use the cabinet see it (cabinet/policies.ts canUseCabinet, not imported: it imports this file).
    actor.membership.filecabinetAccess && !actor.restricted ? undefined : isNotNull(documents.transactionId),
  );

export const visibleTodos = (actor: Pick<MemberActor, 'restricted'>) =>
  onlyIf(actor, () => sql`${recommendations.transactionId} in ${transactionIdsIn(RESTRICTED_TASK_MODULES)}`);

// Abilities: what the web app offers on an object, from the same rules the operations enforce.

type TaskState = { mode: string; state: string; document?: { status: string | null } | null };
type GroupState = { open: boolean; allowReopen: boolean; deleteLevel: number; tasks: TaskState[] };

/** Spec 2 §4: a submitted group reopens when its tasks are all uploads, none is completed, or it allows it. */
export function reopenable(group: GroupState) {
  const allUploads = group.tasks.every((t) => t.mode === 'Upload');
  const noneCompleted = group.tasks.every((t) => t.mode === 'Upload' || t.state !== 'Completed');
  return !group.open && (allUploads || noneCompleted || group.allowReopen);
}

/** Spec 2 §4, by delete_level: 3 always, 1+ while unsubmitted, 2+ when submitted with nothing completed. */
export function deletable(group: GroupState) {
  const anyCompleted = group.tasks.some((t) => t.state === 'Completed');
  const level = group.deleteLevel;
  return level >= 3 || (group.open && level >= 1) || (!group.open && !anyCompleted && level >= 2);
}

/** A document voided by its sender or declined by a signer waits for nothing more. */
const ENDED_DOCUMENTS: ReadonlySet<string> = new Set([DOCUMENT_STATUS.VOIDED, DOCUMENT_STATUS.DECLINED]);

/**
 * A submitted task still under way: its document is being generated, or is out for review or signature.
 * Reopening waits for it (a generation would land on the reopened task; a review or a signature would be
 * of answers that are about to change); once its document is voided or declined, nothing is under way.
 */
export const taskUnderWay = (task: TaskState) =>
  task.state === 'Processing' && !ENDED_DOCUMENTS.has(task.document?.status ?? '');

export type TransactionAbilities = { edit: boolean; submit: boolean; reopen: boolean; delete: boolean };

export function transactionAbilities(group: GroupState): TransactionAbilities {
  return {
    edit: group.open,
    submit: group.open,
    reopen: reopenable(group) && !group.tasks.some(taskUnderWay),
    delete: deletable(group),
  };
}

export type ProjectAbilities = { rename: boolean; delete: boolean };

/** A project can be deleted until one of its groups is completed (spec 2 §8). */
export const projectAbilities = (project: { hasCompletedGroups: boolean }): ProjectAbilities => ({
  rename: true,
  delete: !project.hasCompletedGroups,
});
