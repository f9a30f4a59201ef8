import { z } from 'zod';
import { flag, rowId } from '../contract/common.ts';
import { EMAIL_INVALID, isValidEmail } from '../rules/email.ts';
import { questionView } from '../workflows/contract-answers.ts';

/**
 * Outside forms (spec 2 "sharing mode", spec 3 §3 Outside form, §4 Outside forms): a task's questionnaire,
 * or some of its questions, shared by a link that needs no sign-in. Standing (persistent) forms make a
 * new task group and form (a persistent_instance) each time their link is opened.
 */

/** The types a form is created as; persistent_instance is made by opening a standing form's link. */
export const OUTSIDE_FORM_TYPES = ['outside_form', 'data_request', 'persistent'] as const;
export const OUTSIDE_FORM_KINDS = [...OUTSIDE_FORM_TYPES, 'persistent_instance'] as const;
export type OutsideFormType = (typeof OUTSIDE_FORM_KINDS)[number];

/** Spec 2 §5/§8 and spec 3 §4: the texts of shared forms. */
export const OUTSIDE_FORM_MESSAGES = {
  share: 'Share Form',
  cancel: 'Cancel Sharing Form',
  confirm: 'Are you sure you want to create this shared form?',
  create: 'Create Shared Form',
  generated: 'Shared Form generated.',
  emailRequired: 'Please provide an email to share form link to.',
  failed: 'Failed to generate Shared Form.',
  resendFailed: 'Error resending email link.',
  finalizes: 'Finalizes task on submission',
  emailSent: 'Email Sent',
  emailNotSent: 'Email Not Sent',
  linkCopied: 'Link copied',
  open: 'Open',
  completed: 'Completed',
  nameRequired: 'Label required',
  noQuestions: 'Select at least one question to share.',
  cancelled: 'Sharing cancelled.',
  emailResent: 'Link Sent',
  /**
   * Right after the filler submits (the spec's 'already been completed' message is for a later visit of
   * the link): a success, not an error.
   */
  submittedTitle: 'Thank you',
  submitted: 'Your answers have been submitted. You can close this page.',
} as const;

/** Spec 3 §4: 'new' shows as Open, any other state as Completed. */
export const outsideFormStateLabel = (state: string) =>
  state === 'new' ? OUTSIDE_FORM_MESSAGES.open : OUTSIDE_FORM_MESSAGES.completed;

/** Spec 3 §4: new (open) forms sort after completed ones; then newest first. */
export function sortOutsideForms<T extends { state: string; created_at: string }>(forms: readonly T[]): T[] {
  const open = (f: T) => (f.state === 'Open' || f.state === 'new' ? 1 : 0);
  return [...forms].sort((a, b) => open(a) - open(b) || b.created_at.localeCompare(a.created_at));
}

/** The id a list field is included by: `list.field`. */
export const includedFieldId = (listId: string, fieldId: string) => `${listId}.${fieldId}`;

/** A question the form includes: feature_type_id is a question id or `list.field`. */
export const sharedFeature = z.object({
  feature_type_id: z.union([z.string().max(201), z.number()]).transform(String),
  resource_id: rowId.nullish(),
  resource_variable_name: z.string().max(100).nullish(),
});

/** POST /api/account/transaction/{id}/outside */
export const createOutsideFormBody = z
  .object({
    features: z.array(sharedFeature).max(500),
    name: z.string().trim().max(200),
    description: z.string().max(5000).default(''),
    email: z.string().trim().max(254).nullish(),
    send_email: flag.default(false),
    finalize_on_submit: flag.default(false),
    type: z.enum(OUTSIDE_FORM_TYPES).default('outside_form'),
    room_id: rowId.nullish(),
  })
  .superRefine((body, check) => {
    if (body.send_email && !body.email) {
      check.addIssue({ code: 'custom', path: ['email'], message: OUTSIDE_FORM_MESSAGES.emailRequired });
    } else if (body.email && !isValidEmail(body.email)) {
      check.addIssue({ code: 'custom', path: ['email'], message: EMAIL_INVALID });
    }
  });
export type CreateOutsideFormBody = z.input<typeof createOutsideFormBody>;
export type CreateOutsideFormInput = z.output<typeof createOutsideFormBody>;

export const outsideFormParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  formId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /api/account/outside_forms: the forms of a task or of a room. */
export const outsideFormListQuery = z.object({
  transaction_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  room_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** A form as its workspace sees it (Connected Forms / Standing Forms). */
export const outsideFormView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.enum(OUTSIDE_FORM_KINDS),
  /** Open or Completed (spec 3 §4). */
  state: z.enum(['Open', 'Completed']),
  transaction_id: z.number(),
  room_id: z.number().nullable(),
  parent_id: z.number().nullable(),
  /** The link to open it: /outside-form/{code}, or for a standing form /api/redirect/form/{code}. */
  link: z.string(),
  assigned_email: z.string().nullable(),
  send_email: z.boolean(),
  /** Email Sent / Email Not Sent. */
  email_status: z.string(),
  finalize: z.boolean(),
  question_ids: z.array(z.string()),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type OutsideFormView = z.infer<typeof outsideFormView>;

export const createdOutsideForm = z.object({ message: z.string(), form: outsideFormView });

/** The public side: GET /api/public/outside_form/{code}. */
export const outsideFormCodeParams = z.object({ code: z.string().max(100) });

export const publicOutsideForm = z.object({
  name: z.string(),
  description: z.string(),
  brand: z.object({ name: z.string() }),
  /** new or completed; a completed form shows `message` and no questions. */
  state: z.enum(['new', 'completed']),
  message: z.string().nullable(),
  banner: z.string(),
  transaction_id: z.number(),
  label: z.string(),
  finalize: z.boolean(),
  questions: z.array(questionView),
  /** The files the form's document answers name (uploaded through this form), for their names. */
  files: z.array(z.object({ id: z.number(), filename: z.string() })),
});
export type PublicOutsideForm = z.infer<typeof publicOutsideForm>;

/**
 * GET /api/public/standing_form/{code}: what the page of a standing link shows before the visitor opens
 * it (GET /api/redirect/form/{code} only leads to that page; nothing is made until its button is pressed).
 */
export const publicStandingForm = z.object({
  name: z.string(),
  description: z.string(),
  brand: z.object({ name: z.string() }),
});
export type PublicStandingForm = z.infer<typeof publicStandingForm>;

/** POST /api/redirect/form/{code}: the new instance's form, and where its page is. */
export const openedStandingForm = z.object({
  code: z.string(),
  /** /outside-form/{code}, the page the visitor goes on to. */
  location: z.string(),
});
export type OpenedStandingForm = z.infer<typeof openedStandingForm>;

/** POST /api/unlisted/flat_feature: one answer typed into an outside form. */
export const unlistedAnswerBody = z.object({
  access_code: z.string().max(100),
  transaction_id: rowId,
  feature_type_id: z.union([z.string().max(100), z.number()]).transform(String),
  resource_id: rowId.nullish(),
  value: z.string().max(20_000),
});
export type UnlistedAnswerBody = z.input<typeof unlistedAnswerBody>;

/** PATCH /api/unlisted/resource/{id}: renames a resource listed by an included list. */
export const unlistedResourceBody = z.object({
  access_code: z.string().max(100),
  name: z.string().max(300),
});

/** POST /api/public/outside_form/{code}/finalize */
export const finalizeOutsideFormBody = z.object({ finalize_snapshot: z.unknown().optional() }).default({});

export const finalizedOutsideForm = z.object({
  state: z.literal('completed'),
  message: z.string(),
  /** Whether the task group was submitted with it (forms that finalize on submission). */
  task_finalized: z.boolean(),
});

/** POST /api/unlisted/storage/upload?access_code=: one file for a document question of the form. */
export const unlistedUploadQuery = z.object({ access_code: z.string().max(100) });

/** PUT /api/unlisted/account/box/file/{id}?access_code=: renames a file uploaded through the form. */
export const unlistedFileBody = z.object({ filename: z.string().max(300) });
