import { z } from 'zod';
import { addonView, feeView, productView } from '../billing-charges/contract.ts';
import { flag, int32Param, rowId, rowIdParam } from '../contract/common.ts';
import { counselPartnerOption } from '../partners/contract.ts';
import { TASK_MODES } from './field-types.ts';
import { COUNSEL_ROLES } from './statuses.ts';

/**
 * The workflows area of the API (spec 2 §7): projects, their task groups (the spec's transactions) and
 * tasks, the library's project templates, to-dos and workflow roles. Questionnaires, answers and
 * resources are in contract-answers.ts, documents in contract-documents.ts. The server declares these on
 * its routes (validated on the way in and out, listed in /api/docs); the web app imports the types.
 */

/** A project template's id: the library's name for it, not a row id. */
const templateId = z.string().max(100);

// Requests

/** POST /api/account/project_template/{id}/create, GET /api/account/recommendation/project_template/{id} */
export const projectTemplateParams = z.object({ id: templateId });

/** POST /api/account/project_template/{id}/create */
export const createProjectBody = z.object({ label: z.string().max(200).optional() }).nullish();
export type CreateProjectBody = z.infer<typeof createProjectBody>;

/** PUT /api/account/project/{id}: an empty label keeps the old one. */
export const renameProjectBody = z.object({ label: z.string().max(200) });
export type RenameProjectBody = z.infer<typeof renameProjectBody>;

/** GET /api/account/transaction */
export const transactionListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(3000),
  include_history: int32Param.optional(),
  project_id: rowIdParam.optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

/** PUT /api/account/transaction/{id} */
export const updateTransactionBody = z.object({
  label: z.string().max(200).optional(),
  validated_questionnaire: flag.optional(),
});
export type UpdateTransactionBody = z.infer<typeof updateTransactionBody>;

/** POST /api/account/transaction/{id}/finalize: the client's copy of the answers is not trusted. */
export const finalizeTransactionBody = z
  .object({
    finalize_snapshot: z.unknown().optional(),
    auto_send: flag.optional(),
    redline_enabled: flag.optional(),
  })
  .nullish();

/** PUT /api/account/task/{id}: a mode (Enable brings a skipped task back), Retry, or a template variant. */
export const TASK_ACTIONS = ['generate', 'upload', 'custom', 'skip', 'enable', 'retry'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const updateTaskBody = z.object({
  action: z.enum(TASK_ACTIONS).optional(),
  template_variant_id: z.string().max(100).optional(),
  /** The add-ons chosen with the task, by key (the whole set: an add-on left out is declined). */
  addons: z.array(z.string().max(100)).max(50).optional(),
});
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

/** PATCH /api/account/recommendation/{id}, POST /api/account/transaction/{id}/assign */
export const setAssigneeBody = z.object({ assignee_id: rowId.nullable() });
export type SetAssigneeBody = z.infer<typeof setAssigneeBody>;

/** POST /api/account/project/{id}/counsel */
export const addCounselBody = z.object({ counsel_type: z.string().max(100), user_id: rowId.nullable() });
export type AddCounselBody = z.infer<typeof addCounselBody>;

/** DELETE /api/account/project/{id}/counsel/{counselId} */
export const counselParams = z.object({ id: rowIdParam, counselId: rowIdParam });

// Answers

export const faq = z.object({ question: z.string(), answer: z.string() });

/** A task group's validators, as the library declares them (checked by the questionnaire check). */
export const templateValidator = z.object({
  type: z.string(),
  regex: z.string().optional(),
  message: z.string().optional(),
  resource: z.string().optional(),
});

/** What the server allows on a task group now (its policies), so the UI offers only that. */
export const transactionAbilities = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  reopen: z.boolean(),
  delete: z.boolean(),
});

/** A task's newest document, as tasks show it. */
export const taskDocument = z.object({
  id: z.number(),
  filename: z.string(),
  box_file_id: z.number().nullable(),
  /** Out for signature: the file being signed (box_file_id is the sealed final, once there). */
  original_file_id: z.number().nullable(),
  status: z.string().nullable(),
  revision_count: z.number(),
  /** Reviewers may propose changes to its text (the document's redlining status). */
  redlining_allowed: z.boolean(),
});
export type TaskDocument = z.infer<typeof taskDocument>;

/** A task as lists show it. */
export const taskSummary = z.object({
  id: z.number(),
  label: z.string(),
  mode: z.enum(TASK_MODES),
  /** Incomplete | Processing | Completed | Skipped | Failed */
  state: z.string(),
  bypassed: z.boolean(),
  status_label: z.string(),
  document: taskDocument.nullable(),
});
export type TaskSummary = z.infer<typeof taskSummary>;

export const timelineEntry = z.object({
  id: z.number(),
  label: z.string(),
  description: z.string(),
  icon: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

const templateVariant = z.object({ id: z.string(), customer_label: z.string(), description: z.string() });

/** A task as its group's page shows it: its modes, deliverables, variants and timeline. */
export const taskView = taskSummary.extend({
  modes: z.array(z.enum(TASK_MODES)),
  template: z.object({
    type: z.enum(['Document', 'System']),
    type_label: z.string(),
    deliverables: z.array(
      z.object({ label: z.string(), low_days: z.number(), high_days: z.number(), timeline: z.string() }),
    ),
  }),
  template_variant: templateVariant.nullable(),
  template_type: z.object({ customer_label: z.string(), variants: z.array(templateVariant) }),
  timeline: z.array(timelineEntry),
  /** Spec 2 §3: the task's fees and add-ons, as its card shows them (amounts in cents). */
  fees: z.array(feeView),
  addons: z.array(addonView),
});
export type TaskView = z.infer<typeof taskView>;

/** What every view of a task group has. */
const transactionCard = z.object({
  id: z.number(),
  label: z.string(),
  /** Open | Processing | Completed */
  state: z.string(),
  /** The card's status (spec 2 §4), from transactionCardStatus. */
  status: z.string(),
  /** Spec 2 §4: some task's document has redlining status (allowed). */
  redlining: z.boolean(),
  open: z.boolean(),
  is_started: z.boolean(),
  validated_questionnaire: z.boolean(),
  allow_reopen: z.boolean(),
  /** An earlier group of the project is still open. */
  disabled: z.boolean(),
  submission_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  project_id: z.number(),
  project_label: z.string(),
  project_template_id: z.string(),
  position: z.number(),
  order_block_info: z.object({ blocking: z.boolean() }),
  abilities: transactionAbilities,
});

/** A task group as lists show it (GET /api/account/transaction, a project's groupedTransactions). */
export const transactionSummary = transactionCard.extend({
  template: z.object({ id: z.string(), is_assessment: z.boolean(), module_id: z.number() }),
  tasks: z.array(taskSummary),
});
export type TransactionSummary = z.infer<typeof transactionSummary>;

/** GET /api/account/transaction/{id}: one task group with its tasks, timeline and template details. */
export const transactionView = transactionCard.extend({
  description: z.string(),
  account_id: z.number(),
  /** Spec 2 §3 product: the tasks' fees, what is left to pay (fee_total, cents) and add-ons. */
  product: productView,
  /** Document credits submitting the group uses (its fee/credit notice). */
  credits_needed: z.number(),
  /** The answers frozen at submission. */
  finalize_snapshot: z.record(z.string(), z.unknown()).nullable(),
  /** Assign Reviewers: who reviews the group's documents once they are generated. */
  reviewers: z.array(z.object({ first_name: z.string(), last_name: z.string(), email: z.string() })),
  tasks: z.array(taskView),
  template: z.object({
    id: z.string(),
    type: z.enum(['Assessment', 'Workflow']),
    is_assessment: z.boolean(),
    module_id: z.number(),
    delete_level: z.number(),
    redline_available: z.boolean(),
    validators: z.array(templateValidator),
    faqs: z.array(faq),
    description: z.string(),
    prerequisites: z.object({ subscriptions: z.array(z.string()) }),
    task_event: z.object({ modes: z.array(z.enum(TASK_MODES)) }),
  }),
});
export type TransactionView = z.infer<typeof transactionView>;

/** A member holding a workflow role in a project (spec 2 §6). */
export const counselView = z.object({
  id: z.number(),
  counsel_type: z.string(),
  allow_user: z.boolean(),
  allow_partner: z.boolean(),
  user_id: z.number(),
  partner_id: z.null(),
  user: z.object({ id: z.number(), full_name: z.string(), email: z.string() }),
  partner: z.null(),
});
export type CounselView = z.infer<typeof counselView>;

/** GET /api/account/counsel: the roles, the members and the connected partners' people who can hold them. */
export const counselOptions = z.object({
  roles: z.array(z.enum(COUNSEL_ROLES)),
  users: z.array(z.object({ id: z.number(), full_name: z.string(), email: z.string() })),
  partners: z.array(counselPartnerOption),
});
export type CounselOptions = z.infer<typeof counselOptions>;

export const projectAbilities = z.object({ rename: z.boolean(), delete: z.boolean() });

/** Parts of the spec's project the product does not offer yet: always empty. */
const notOfferedYet = z.array(z.never()).describe('Always empty: not offered yet');

/** GET /api/account/project/{id}: the project, its template's public part and its task groups in order. */
export const projectView = z.object({
  id: z.number(),
  label: z.string(),
  created_at: z.string(),
  template: z.object({
    id: z.string(),
    label: z.string(),
    module_id: z.number(),
    is_repeatable: z.boolean(),
    is_assessment: z.boolean(),
    description: z.string(),
    actions: notOfferedYet,
  }),
  faqs: z.array(faq),
  transactions: z.array(z.object({ id: z.number(), open: z.boolean() })),
  groupedTransactions: z.array(transactionSummary),
  counsel: z.array(counselView),
  rooms: notOfferedYet,
  attached_partners: notOfferedYet,
  abilities: projectAbilities,
});
export type ProjectView = z.infer<typeof projectView>;

/** GET /api/account/project_template: a workflow of the library offered to the workspace. */
export const projectTemplateView = z.object({
  id: z.string(),
  label: z.string(),
  area: z.string(),
  module_id: z.number(),
  is_repeatable: z.boolean(),
  is_assessment: z.boolean(),
  description: z.string(),
  faqs: z.array(faq),
  prerequisites: z.array(z.string()),
});
export type ProjectTemplateView = z.infer<typeof projectTemplateView>;

/** A member of the workspace a to-do can go to. */
export const assigneeOption = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type AssigneeOption = z.infer<typeof assigneeOption>;

/** GET /api/account/recommendation: a to-do of a task group still open. */
export const todoView = z.object({
  id: z.number(),
  created_at: z.string(),
  transaction: z.object({
    id: z.number(),
    label: z.string(),
    status: z.string(),
    project_id: z.number(),
    project_label: z.string(),
    project_template_id: z.string(),
    module_id: z.number(),
  }),
  assignee: assigneeOption.nullable(),
});
export type TodoView = z.infer<typeof todoView>;
