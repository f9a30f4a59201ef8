import {
  type AssigneeOption,
  type CounselView,
  type CustomDocumentView,
  type DocumentView,
  deliverableTimeline,
  type ProductView,
  type ProjectView,
  type QuestionnaireAnswers,
  type QuestionnaireView,
  type QuestionView,
  type RecipientView,
  type ResourceDetail,
  type ResourceView,
  type TaskDocument,
  type TaskSummary,
  type TaskView,
  type TodoView,
  type TransactionSummary,
  type TransactionView,
  taskStatusLabel,
  transactionCardStatus,
  type UserDocumentView,
} from '@charter/domain';
import type {
  customDocuments,
  documentRecipients,
  documents,
  projects,
  resources,
  taskEvents,
  transactions,
} from '../../db/schema/index.ts';
import type { StoredTemplate, TransactionTemplate } from './catalog.ts';
import type { ListDocument, ListTask, ListTransaction } from './load-views.ts';
import { type ProjectAbilities, transactionAbilities } from './policies.ts';

/** The JSON of every workflow answer, field by field: what the contract (@charter/domain) declares. */

type DocumentRow = typeof documents.$inferSelect;
type EventRow = typeof taskEvents.$inferSelect;

export function presentDocument(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    filename: row.filename,
    label: row.label,
    box_file_id: row.fileId,
    original_file_id: row.originalFileId,
    status: row.status,
    revision_count: row.revisionCount,
    template_variant: row.templateVariant,
    account_task_id: row.taskId,
    transaction_id: row.transactionId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** A document of one of the user's workspaces, named by the workspace. */
export const presentUserDocument = (row: DocumentRow, accountName: string): UserDocumentView => ({
  ...presentDocument(row),
  account_id: row.accountId,
  account_name: accountName,
});

/** A task's newest document, as tasks show it. */
const presentTaskDocument = (document: ListDocument | undefined): TaskDocument | null =>
  document
    ? {
        id: document.id,
        filename: document.filename,
        box_file_id: document.fileId,
        original_file_id: document.originalFileId,
        status: document.status,
        revision_count: document.revisionCount,
        redlining_allowed: document.redliningAllowed,
      }
    : null;

/** A task as lists show it: its state and newest document. */
export function presentTaskSummary(row: ListTask, document: ListDocument | undefined): TaskSummary {
  const presented = presentTaskDocument(document);
  return {
    id: row.id,
    label: row.label,
    mode: row.mode,
    state: row.state,
    bypassed: row.mode === 'Skip',
    status_label: taskStatusLabel({ state: row.state, status_label: row.statusLabel, document: presented }),
    document: presented,
  };
}

/** A task as its group's page shows it, with its template's modes, deliverables and variants. */
export function presentTask(
  row: ListTask,
  template: TransactionTemplate | undefined,
  document: ListDocument | undefined,
  events: EventRow[],
  product: ProductView,
): TaskView {
  const taskTemplate = template?.tasks.find((t) => t.id === row.templateKey);
  const variants = taskTemplate?.variants ?? [];
  const variant = variants.find((v) => v.id === row.templateVariantId) ?? null;
  const type = taskTemplate?.type ?? 'Document';
  const presentVariant = (v: (typeof variants)[number]) => ({
    id: v.id,
    customer_label: v.customer_label,
    description: v.description,
  });
  return {
    ...presentTaskSummary(row, document),
    modes: taskTemplate?.modes ?? [],
    template: {
      type,
      type_label: type,
      deliverables: (taskTemplate?.deliverables ?? []).map((d) => ({
        label: d.label,
        low_days: d.low_days,
        high_days: d.high_days,
        timeline: deliverableTimeline(d, { type, mode: row.mode }),
      })),
    },
    template_variant: variant && presentVariant(variant),
    template_type: {
      customer_label: variant?.customer_label ?? row.label,
      variants: variants.map(presentVariant),
    },
    timeline: events.map((event) => ({
      id: event.id,
      label: event.label,
      description: event.description,
      icon: event.icon,
      link: event.link,
      created_at: event.createdAt.toISOString(),
    })),
    fees: product.fees.filter((fee) => fee.taskId === row.id),
    addons: product.addon.filter((addon) => addon.taskId === row.id),
  };
}

/** The template part of a transaction view: the same object for every group of one template. */
export function presentGroupTemplate(
  template: StoredTemplate | undefined,
  key: string,
): TransactionView['template'] {
  const transactionTemplate = template?.transactions.find((t) => t.id === key);
  return {
    id: key,
    type: template?.is_assessment ? 'Assessment' : 'Workflow',
    is_assessment: template?.is_assessment ?? false,
    module_id: template?.module_id ?? 2,
    delete_level: transactionTemplate?.delete_level ?? 1,
    redline_available: transactionTemplate?.redline_available ?? false,
    validators: transactionTemplate?.validators ?? [],
    faqs: template?.faqs ?? [],
    description: transactionTemplate?.description ?? '',
    prerequisites: { subscriptions: template?.prerequisites ?? [] },
    task_event: { modes: [...new Set(transactionTemplate?.tasks.flatMap((t) => t.modes) ?? [])] },
  };
}

/** What every view of a task group shows, before its tasks, template, status and abilities. */
const groupCard = (row: ListTransaction) => ({
  id: row.id,
  label: row.label,
  state: row.state,
  open: row.open,
  is_started: row.isStarted,
  validated_questionnaire: row.validatedQuestionnaire,
  allow_reopen: row.allowReopen,
  disabled: row.open && row.blocking,
  submission_date: row.submissionDate,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  project_id: row.projectId,
  project_label: row.projectLabel,
  project_template_id: row.templateId,
  position: row.position,
  order_block_info: { blocking: row.blocking },
});

/** The card's status (spec 2 §4) and what the policies allow on the group. */
function withStatus<T extends ReturnType<typeof groupCard> & { tasks: TaskSummary[] }>(
  group: T,
  row: ListTransaction,
  deleteLevel: number,
) {
  const abilities = transactionAbilities({
    open: row.open,
    allowReopen: row.allowReopen,
    deleteLevel,
    tasks: group.tasks,
  });
  // Spec 2 §4: a group is flagged Redlining when any task's document allows redlining.
  const redlining = group.tasks.some((task) => task.document?.redlining_allowed === true);
  return { ...group, status: transactionCardStatus(group), redlining, abilities };
}

export function presentTransaction(
  row: ListTransaction,
  template: TransactionView['template'],
  tasks: TaskView[],
  product: ProductView,
  creditsNeeded: number,
): TransactionView {
  const view = {
    ...groupCard(row),
    product,
    credits_needed: creditsNeeded,
    description: template.description,
    account_id: row.accountId,
    finalize_snapshot: row.finalizeSnapshot ?? null,
    reviewers: row.reviewers,
    tasks,
    template,
  };
  return withStatus(view, row, template.delete_level);
}

/** A task group as the list shows it: its card and its tasks' status, without template details. */
export function presentTransactionSummary(
  row: ListTransaction,
  template: StoredTemplate | undefined,
  tasks: TaskSummary[],
): TransactionSummary {
  const summary = {
    ...groupCard(row),
    template: {
      id: row.templateKey,
      is_assessment: template?.is_assessment ?? false,
      module_id: template?.module_id ?? 2,
    },
    tasks,
  };
  const deleteLevel = template?.transactions.find((t) => t.id === row.templateKey)?.delete_level ?? 1;
  return withStatus(summary, row, deleteLevel);
}

export function presentProject(input: {
  project: typeof projects.$inferSelect;
  template: StoredTemplate;
  /** Its task groups, in order. */
  groups: TransactionSummary[];
  counsel: CounselView[];
  abilities: ProjectAbilities;
}): ProjectView {
  const { project, template, groups } = input;
  return {
    id: project.id,
    label: project.label,
    created_at: project.createdAt.toISOString(),
    template: {
      id: template.id,
      label: template.label,
      module_id: template.module_id,
      is_repeatable: template.is_repeatable,
      is_assessment: template.is_assessment,
      description: template.description,
      actions: [],
    },
    faqs: template.faqs,
    transactions: groups.map((group) => ({ id: group.id, open: group.open })),
    groupedTransactions: groups,
    counsel: input.counsel,
    rooms: [],
    attached_partners: [],
    abilities: input.abilities,
  };
}

/** The form screen's questionnaire: every question in order, with its answer. */
export function presentQuestionnaire(
  transaction: typeof transactions.$inferSelect,
  template: StoredTemplate,
  transactionTemplate: TransactionTemplate,
  answers: QuestionnaireAnswers,
): QuestionnaireView {
  return {
    transaction_id: transaction.id,
    label: transaction.label,
    open: transaction.open,
    is_assessment: template.is_assessment,
    validated_questionnaire: transaction.validatedQuestionnaire,
    validators: transactionTemplate.validators,
    questions: presentQuestions(transactionTemplate, answers),
  };
}

function presentQuestions(template: TransactionTemplate, answers: QuestionnaireAnswers): QuestionView[] {
  return template.questions.map((question) => ({
    id: question.id,
    label: question.label,
    type: question.type,
    required: question.required,
    new_require: question.new_require,
    fixed: question.fixed,
    help: question.help,
    description: question.description,
    placeholder: question.placeholder,
    options: question.options,
    entity_type: question.entity_type,
    is_entity_formed: question.is_entity_formed,
    party: question.party,
    is_hidden: question.is_hidden,
    required_question_id: question.required_question_id,
    required_question_value: question.required_question_value,
    resource_type_id: question.resource_type ?? null,
    multi_entry: question.multi_entry,
    fields: question.fields,
    value: question.type === 'resource_list' ? null : (answers.values[question.id] ?? ''),
    resources: question.type === 'resource_list' ? (answers.lists[question.id] ?? []) : null,
  }));
}

export const presentResource = (row: typeof resources.$inferSelect): ResourceView => ({
  id: row.id,
  name: row.name,
  resource_type_id: row.resourceTypeId,
  is_draft: row.isDraft,
  created_at: row.createdAt.toISOString(),
});

export const presentResourceDetail = (
  row: typeof resources.$inferSelect,
  features: { key: string; value: string }[],
): ResourceDetail => ({
  ...presentResource(row),
  features: features.map((f) => ({ feature_type_id: f.key, value: f.value })),
});

export const presentCustomDocument = (row: typeof customDocuments.$inferSelect): CustomDocumentView => ({
  id: row.id,
  account_task_id: row.taskId,
  file_id: row.fileId,
  filename: row.filename,
  tokens: row.tokens,
  notes: row.notes,
  valid: row.valid,
  fields: row.fields,
});

/** A recipient with this role signs the document (spec 2 §4); it is the role given when none is. */
export const DEFAULT_RECIPIENT_ROLE = 'Signer';

export function presentRecipient(row: typeof documentRecipients.$inferSelect): RecipientView {
  const [first, ...rest] = row.name.split(' ');
  return {
    id: row.id,
    document_id: row.documentId,
    email: row.email,
    first_name: first,
    last_name: rest.join(' '),
    signed: row.signed,
    signer: row.role === DEFAULT_RECIPIENT_ROLE,
    email_sent: row.emailSentAt !== null,
    metadata: { name: row.name, role: row.role },
  };
}

type Person = { id: number; email: string; firstName: string | null; familyName: string | null };

/** "First Last", or the email of someone without a name. */
export const fullName = (person: Omit<Person, 'id'>) =>
  [person.firstName, person.familyName].filter(Boolean).join(' ') || person.email;

export const presentAssignee = (person: Person): AssigneeOption => ({
  id: person.id,
  email: person.email,
  name: fullName(person),
});

/** A to-do as the home page lists it; the group's status is the card's while it is open. */
export function presentTodo(
  row: {
    id: number;
    createdAt: Date;
    transaction: { id: number; label: string; isStarted: boolean; validatedQuestionnaire: boolean };
    project: { id: number; label: string; templateId: string };
    assignee: Person | null;
  },
  moduleId: number,
): TodoView {
  const { transaction, project, assignee } = row;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    transaction: {
      id: transaction.id,
      label: transaction.label,
      status: transaction.validatedQuestionnaire
        ? 'In Progress'
        : transaction.isStarted
          ? 'Form Incomplete'
          : 'Not Started',
      project_id: project.id,
      project_label: project.label,
      project_template_id: project.templateId,
      module_id: moduleId,
    },
    assignee: assignee && presentAssignee(assignee),
  };
}

export const presentCounsel = (row: { id: number; counselType: string } & { user: Person }): CounselView => ({
  id: row.id,
  counsel_type: row.counselType,
  allow_user: true,
  allow_partner: false,
  user_id: row.user.id,
  partner_id: null,
  user: { id: row.user.id, full_name: fullName(row.user), email: row.user.email },
  partner: null,
});
