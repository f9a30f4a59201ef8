import { z } from 'zod';
import { int32, int32Param, offsetParam, rowId, rowIdParam } from '../contract/common.ts';
import { templateValidator } from './contract.ts';
import { FIELD_TYPES } from './field-types.ts';

/** Questionnaires, their answers (the spec's flat features) and the resources their lists share. */

// Requests

/** POST /api/account/flat_feature: one answer; resource_id names the listed resource a field belongs to. */
export const saveAnswerBody = z.object({
  transaction_id: rowId,
  feature_type_id: z.union([z.string(), z.number()]).transform(String),
  resource_id: rowId.nullish(),
  value: z.string().max(20_000),
  access_code: z.string().optional(),
});
export type SaveAnswerBody = z.input<typeof saveAnswerBody>;

/** POST /api/account/flat_feature/query */
export const queryAnswersBody = z.object({ transaction_id: rowId });

/** PUT /api/account/transaction/{id}/set_resource: the question's list becomes exactly these. */
export const setResourcesBody = z.object({
  question_id: z.string().max(100),
  resource_ids: z.array(rowId).max(500),
});
export type SetResourcesBody = z.infer<typeof setResourcesBody>;

/** POST /api/account/resource: with transaction_id and question_id it joins that question's list. */
export const createResourceBody = z.object({
  name: z.string().max(300),
  resource_type_id: int32.optional(),
  transaction_id: rowId.optional(),
  question_id: z.string().max(100).optional(),
});
export type CreateResourceBody = z.infer<typeof createResourceBody>;

/** GET /api/account/resource/ */
export const resourceListQuery = z.object({
  resource_type_id: int32Param.optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: offsetParam,
});
export type ResourceListQuery = z.infer<typeof resourceListQuery>;

/** PATCH /api/account/resource/{id} */
export const renameResourceBody = z.object({ name: z.string().max(300) });

/** PUT /api/account/resource/merge/{a}/{b}: draft a joins existing b. */
export const mergeResourcesParams = z.object({ a: rowIdParam, b: rowIdParam });

// Answers

/** A question or a field of a resource list, as the library defines it. */
export const fieldView = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  new_require: z.boolean(),
  fixed: z.boolean(),
  help: z.string().optional(),
  placeholder: z.string().optional(),
  options: z.array(z.string()).optional(),
  entity_type: z.enum(['corporation', 'llc', 'lp']).optional(),
  is_entity_formed: z.boolean(),
  /** company_name: `other` for another party's name, which needs no entity suffix. */
  party: z.enum(['ours', 'other']),
});
export type FieldView = z.infer<typeof fieldView>;

/** A resource listed by a question, with its answers by field id (the first field is its name). */
export const resourceEntry = z.object({
  resource_id: z.number(),
  resource_name: z.string(),
  is_draft: z.boolean(),
  values: z.record(z.string(), z.string()),
});

/** A question of the form with its answer: `value` for plain ones, `resources` for resource lists. */
export const questionView = fieldView.extend({
  description: z.string().optional(),
  is_hidden: z.boolean(),
  required_question_id: z.string().optional(),
  required_question_value: z.string().optional(),
  resource_type_id: z.number().nullable(),
  multi_entry: z.boolean(),
  fields: z.array(fieldView).optional(),
  value: z.string().nullable(),
  resources: z.array(resourceEntry).nullable(),
});
export type QuestionView = z.infer<typeof questionView>;

/** GET /api/account/transaction/{id}/questionnaire */
export const questionnaireView = z.object({
  transaction_id: z.number(),
  label: z.string(),
  open: z.boolean(),
  is_assessment: z.boolean(),
  validated_questionnaire: z.boolean(),
  validators: z.array(templateValidator),
  questions: z.array(questionView),
});
export type QuestionnaireView = z.infer<typeof questionnaireView>;

/** POST /api/account/flat_feature/query: a group's answers, plain ones and lists by question id. */
export const answersView = z.object({
  values: z.record(z.string(), z.string()),
  lists: z.record(z.string(), z.array(resourceEntry)),
});

/** POST /api/account/flat_feature: the answer as saved (trimmed). */
export const savedAnswer = z.object({
  transaction_id: z.number(),
  feature_type_id: z.string(),
  value: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswer>;

/** PUT /api/account/transaction/{id}/set_resource */
export const resourceSelection = z.object({ question_id: z.string(), resource_ids: z.array(z.number()) });
export type ResourceSelection = z.infer<typeof resourceSelection>;

/** A person, company or entity of the workspace. */
export const resourceView = z.object({
  id: z.number(),
  name: z.string(),
  resource_type_id: z.number(),
  is_draft: z.boolean(),
  created_at: z.string(),
});
export type ResourceView = z.infer<typeof resourceView>;

/** GET /api/account/resource/{id}: the resource with its answers. */
export const resourceDetail = resourceView.extend({
  features: z.array(z.object({ feature_type_id: z.string(), value: z.string() })),
});
export type ResourceDetail = z.infer<typeof resourceDetail>;

/** GET /api/account/transaction/{id}/parse/{path}: path is an answer key ('question' or 'list.resourceId.field'). */
export const parseAnswerParams = z.object({ id: rowIdParam, path: z.string().min(1).max(300) });

const addressParts = z.object({
  line_one: z.string(),
  line_two: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});

/** The server's reading of one stored answer (parseAnswer): raw as stored, parsed by its type. */
export const parsedAnswerView = z.object({
  path: z.string(),
  type: z.enum(FIELD_TYPES),
  raw: z.string(),
  parsed: z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(z.string()),
    addressParts,
    z.object({ amount_cents: z.number(), period: z.string() }),
  ]),
});
export type ParsedAnswerView = z.infer<typeof parsedAnswerView>;
