import { FIELD_TYPES, SIGNING_ROLE, STATE_FEE_TABLES, TASK_MODES, WORKFLOW_AREAS } from '@charter/domain';
import { z } from 'zod';

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'ids are lower-case letters, digits, - and _');

const field = z.object({
  id,
  label: z.string().min(1),
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  new_require: z.boolean().default(false),
  fixed: z.boolean().default(false),
  help: z.string().optional(),
  placeholder: z.string().optional(),
  options: z.array(z.string()).optional(),
  /** company_name: the suffixes this entity type allows (spec 2 §5). */
  entity_type: z.enum(['corporation', 'llc', 'lp']).optional(),
  /** company_name: an entity that is already formed keeps its name as it is. */
  is_entity_formed: z.boolean().default(false),
  /** company_name: `other` for another party (a counterparty, a person, a foreign company): no suffix needed. */
  party: z.enum(['ours', 'other']).default('ours'),
});

export const questionSchema = field.extend({
  description: z.string().optional(),
  default: z.string().optional(),
  is_hidden: z.boolean().default(false),
  /** Shown only when the question named here has the value named here. */
  required_question_id: id.optional(),
  required_question_value: z.string().optional(),
  /** resource_list questions: the resource type and the fields of each entry. */
  resource_type: z.number().int().optional(),
  multi_entry: z.boolean().default(false),
  fields: z.array(field).optional(),
});
export type Question = z.infer<typeof questionSchema>;

const variant = z.object({
  id,
  customer_label: z.string().min(1),
  description: z.string().default(''),
  preview: z.string().optional(),
  /** A Markdown body with {{tokens}}, relative to the templates folder. */
  body: z.string().regex(/\.md$/),
});

/**
 * Who signs a task's document: a role its body's signing tags name ({{sign:Company}}), and the person's
 * name and email as tokens filled from the answers like a body ("{{signer_email}}"). Signers of one order
 * are asked together, lower orders first.
 */
const signer = z.object({
  role: z
    .string()
    .regex(SIGNING_ROLE, 'a role is a label without { } : | or line breaks, and no spaces around it'),
  name: z.string().min(1),
  email: z.string().min(1),
  order: z.number().int().min(1).default(1),
});
export type TemplateSigner = z.infer<typeof signer>;

/**
 * A fee of a task (spec 2 §3 Fee), charged once when its group is submitted. `amount` is in cents; a fee with
 * a `dynamic_table` reads its amount from that per-state table (packages/domain billing-charges
 * STATE_FEES) by the answer of the question `feature_type_id` names (a state question of the group).
 */
const fee = z
  .object({
    key: id,
    label: z.string().min(1),
    amount: z.number().int().min(0).default(0),
    is_annual: z.boolean().default(false),
    comment: z.string().default(''),
    dynamic_table: z.enum(STATE_FEE_TABLES).optional(),
    feature_type_id: id.optional(),
  })
  .refine((f) => !f.dynamic_table || f.feature_type_id, {
    message: 'a fee with a dynamic_table names the state question in feature_type_id',
  });
export type TemplateFee = z.infer<typeof fee>;

/** An add-on of a task (spec 2 §3 Add-on): a recurring service bought with it; amount in cents. */
const addon = z.object({
  key: id,
  label: z.string().min(1),
  amount: z.number().int().min(0),
  period: z.enum(['year', 'month']),
});
export type TemplateAddon = z.infer<typeof addon>;

const task = z.object({
  id,
  label: z.string().min(1),
  type: z.enum(['Document', 'System']),
  modes: z.array(z.enum(TASK_MODES)).min(1),
  deliverables: z
    .array(
      z.object({ label: z.string(), low_days: z.number().int().min(0), high_days: z.number().int().min(0) }),
    )
    .default([]),
  variants: z.array(variant).default([]),
  signers: z.array(signer).default([]),
  fees: z.array(fee).default([]),
  addons: z.array(addon).default([]),
  /** Document credits the task uses when it is submitted to be generated (Generate or Custom). */
  credits: z.number().int().min(0).default(0),
});

const transaction = z
  .object({
    id,
    label: z.string().min(1),
    /**
     * A question whose answer names the group once given ('The hire: Jane Doe'): repeated workflows and a
     * standing form's instances are told apart by who or what they are about, not by one shared label.
     */
    label_from: id.optional(),
    description: z.string().default(''),
    delete_level: z.number().int().min(0).max(3).default(1),
    redline_available: z.boolean().default(false),
    validators: z
      .array(
        z.object({
          type: z.string(),
          regex: z.string().optional(),
          message: z.string().optional(),
          resource: z.string().optional(),
        }),
      )
      .default([]),
    questions: z.array(questionSchema).min(1),
    tasks: z.array(task).min(1),
  })
  .refine(
    (t) =>
      !t.label_from ||
      t.questions.some((q) => q.id === t.label_from && q.type !== 'resource_list' && q.type !== 'document'),
    { message: 'label_from names a question of the group whose answer is text (not a list or a file)' },
  );

export const projectTemplateSchema = z.object({
  id,
  label: z.string().min(1),
  area: z.enum(WORKFLOW_AREAS),
  module_id: z.number().int().default(2),
  is_repeatable: z.boolean().default(false),
  is_assessment: z.boolean().default(false),
  sample: z.literal(true, {
    message: 'library content is marked `sample: true` until counsel has reviewed it',
  }),
  description: z.string().min(1),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
  /**
   * prerequisites.subscriptions (spec 2 §3): the plans one of which must be active to submit (starter,
   * advanced, premium, state_filing_agent …); advanced counts as starter.
   */
  prerequisites: z.array(z.string()).default([]),
  transactions: z.array(transaction).min(1),
});
export type ProjectTemplate = z.infer<typeof projectTemplateSchema>;
export type TemplateTask = ProjectTemplate['transactions'][number]['tasks'][number];
