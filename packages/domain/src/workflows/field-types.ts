/** The questionnaire's field (feature) types, spec 2 §3. */
export const FIELD_TYPES = [
  'attorney',
  'attorney_lane',
  'address',
  'address_universal',
  'boolean',
  'checkbox_group',
  'comment',
  'company_name',
  'currency',
  'detailed_options',
  'document',
  'date',
  'email',
  'template_document',
  'first_name',
  'float',
  'float_currency',
  'individual',
  'integer',
  'last_name',
  'month',
  'name',
  'number',
  'options',
  'person_name',
  'percent',
  'phone',
  'related_resource',
  'radio',
  'resource_list',
  'salary',
  'share_links',
  'social_security',
  'state',
  'string',
  'custom_document',
  'text',
  'zip',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Workflow areas, in the order the workflows page shows them (its #hashes). */
export const WORKFLOW_AREAS = [
  'entity',
  'governance',
  'team',
  'equity',
  'financing',
  'customers-partners',
  'other',
] as const;
export type WorkflowArea = (typeof WORKFLOW_AREAS)[number];

/** Resource types with a meaning of their own (spec 2 §5): 6 and 25 show no name picker, 16 no multi-entry hint. */
export const RESOURCE_TYPE = { PERSON: 2, COMPANY: 6, ENTITY: 16, ACCOUNT: 25 } as const;

export const TASK_MODES = ['Generate', 'Upload', 'Custom', 'Skip'] as const;
export type TaskMode = (typeof TASK_MODES)[number];
