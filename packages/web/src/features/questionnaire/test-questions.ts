import type { ResourceEntry } from '@charter/domain';
import type { QuestionView } from '../workbench/types.ts';

type Field = NonNullable<QuestionView['fields']>[number];

/** A field of a listed resource, ours, as the server sends it. */
export const resourceField = (id: string, label: string, type: Field['type'], required = true): Field => ({
  id,
  label,
  type,
  required,
  new_require: false,
  fixed: false,
  is_entity_formed: false,
  party: 'ours',
});

/** The Founders list (resource type 2) of a questionnaire, with the given fields and entries. */
export const foundersQuestion = (
  fields: Field[],
  resources: ResourceEntry[] | null = null,
): QuestionView => ({
  id: 'founders',
  label: 'Founders',
  type: 'resource_list',
  required: true,
  new_require: false,
  is_entity_formed: false,
  party: 'ours',
  fixed: false,
  is_hidden: false,
  resource_type_id: 2,
  multi_entry: true,
  value: null,
  resources,
  fields,
});
