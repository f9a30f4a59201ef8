import type { PlacedField, SigningFieldView } from '@charter/domain';
import type { Box } from './geometry.ts';

/** A field as the editor holds it: the contract's field, and a key that lasts while it is edited. */
export type DraftField = PlacedField & { key: string };

export type FieldDraft = {
  fields: DraftField[];
  selected: string | null;
  /** Changed since the fields were last loaded or saved. */
  dirty: boolean;
};

export type FieldDraftAction =
  | { type: 'load'; fields: readonly SigningFieldView[] }
  | { type: 'add'; field: PlacedField }
  | { type: 'move'; key: string; box: Box }
  | { type: 'update'; key: string; change: Partial<Pick<PlacedField, 'required' | 'recipient_id' | 'role'>> }
  | { type: 'remove'; key: string }
  | { type: 'select'; key: string | null };

let counter = 0;
const newKey = () => `new-${++counter}`;

/** The saved fields, as the editor starts from them (nothing changed, nothing selected). */
export const loadedDraft = (fields: readonly SigningFieldView[]): FieldDraft => ({
  fields: fields.map(({ id, value: _value, ...field }) => ({ ...field, key: `field-${id}` })),
  selected: null,
  dirty: false,
});

function change(draft: FieldDraft, key: string, edit: (field: DraftField) => DraftField): FieldDraft {
  return { ...draft, dirty: true, fields: draft.fields.map((f) => (f.key === key ? edit(f) : f)) };
}

export function fieldDraftReducer(draft: FieldDraft, action: FieldDraftAction): FieldDraft {
  switch (action.type) {
    case 'load':
      return loadedDraft(action.fields);
    case 'add': {
      const key = newKey();
      return { fields: [...draft.fields, { ...action.field, key }], selected: key, dirty: true };
    }
    case 'move':
      return change(draft, action.key, (f) => ({ ...f, ...action.box }));
    case 'update':
      return change(draft, action.key, (f) => ({ ...f, ...action.change }));
    case 'remove':
      return {
        fields: draft.fields.filter((f) => f.key !== action.key),
        selected: draft.selected === action.key ? null : draft.selected,
        dirty: true,
      };
    case 'select':
      return draft.selected === action.key ? draft : { ...draft, selected: action.key };
  }
}

/** What PUT …/fields takes: the fields without the editor's keys. */
export const placedFields = (draft: FieldDraft): PlacedField[] =>
  draft.fields.map(({ key: _key, ...f }) => f);
