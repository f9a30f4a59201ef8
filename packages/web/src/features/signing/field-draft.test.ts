import type { SigningFieldView } from '@charter/domain';
import { describe, expect, it } from 'vitest';
import { fieldDraftReducer, loadedDraft, placedFields } from './field-draft.ts';

const saved: SigningFieldView = {
  id: 7,
  kind: 'signature',
  role: 'Buyer',
  page: 0,
  x: 10,
  y: 20,
  width: 180,
  height: 36,
  required: true,
  recipient_id: null,
  value: null,
};

describe('the field editor draft', () => {
  it('starts clean from the saved fields and gives back the contract shape', () => {
    const draft = loadedDraft([saved]);
    expect(draft.dirty).toBe(false);
    const { id: _id, value: _value, ...placed } = saved;
    expect(placedFields(draft)).toEqual([placed]);
  });

  it('adds (selected), moves, assigns and removes fields, and remembers it changed', () => {
    let draft = loadedDraft([saved]);
    draft = fieldDraftReducer(draft, {
      type: 'add',
      field: { ...saved, kind: 'date', recipient_id: 3, role: '', x: 100, y: 100, width: 110, height: 18 },
    });
    expect(draft.dirty).toBe(true);
    expect(draft.fields).toHaveLength(2);
    const added = draft.selected as string;
    expect(added).toBe(draft.fields[1].key);
    draft = fieldDraftReducer(draft, {
      type: 'move',
      key: added,
      box: { x: 5, y: 6, width: 50, height: 20 },
    });
    expect(draft.fields[1]).toMatchObject({ x: 5, y: 6, width: 50, height: 20, kind: 'date' });
    draft = fieldDraftReducer(draft, {
      type: 'update',
      key: 'field-7',
      change: { recipient_id: 3, required: false },
    });
    expect(draft.fields[0]).toMatchObject({ recipient_id: 3, required: false, role: 'Buyer' });
    draft = fieldDraftReducer(draft, { type: 'remove', key: added });
    expect(draft.selected).toBeNull();
    expect(draft.fields.map((f) => f.key)).toEqual(['field-7']);
    draft = fieldDraftReducer(draft, { type: 'load', fields: [saved] });
    expect(draft.dirty).toBe(false);
  });

  it('selecting changes nothing to save', () => {
    const draft = fieldDraftReducer(loadedDraft([saved]), { type: 'select', key: 'field-7' });
    expect(draft).toMatchObject({ selected: 'field-7', dirty: false });
  });
});
