import type { QuestionView } from '@charter/domain';
import { describe, expect, it } from 'vitest';
import { initialSelection, selectedFeatures, toggleSelection } from './selection.ts';

const q = (id: string, extra: Partial<QuestionView> = {}) =>
  ({ id, type: 'string', ...extra }) as QuestionView;
const questions = [
  q('has_entity', { type: 'boolean' }),
  q('entity_name', { required_question_id: 'has_entity', required_question_value: 'true' }),
  q('entity_state', { required_question_id: 'entity_name', required_question_value: 'x' }),
  q('people', {
    type: 'resource_list',
    fields: [q('name'), q('email'), q('title')] as QuestionView['fields'],
  }),
];

describe('sharing mode selection', () => {
  it('selects every question by default and sends lists whole', () => {
    const all = initialSelection(questions);
    expect(all.has('people.title')).toBe(true);
    expect(selectedFeatures(questions, all).map((f) => f.feature_type_id)).toEqual([
      'has_entity',
      'entity_name',
      'entity_state',
      'people',
    ]);
  });

  it('makes dependent questions follow their parent', () => {
    const off = toggleSelection(questions, initialSelection(questions), 'has_entity', false);
    expect([...off]).not.toContain('entity_name');
    expect([...off]).not.toContain('entity_state');
    const on = toggleSelection(questions, off, 'has_entity', true);
    expect([...on]).toEqual(expect.arrayContaining(['has_entity', 'entity_name', 'entity_state']));
  });

  it("keeps a list's first field while any of its fields is chosen", () => {
    let selection = toggleSelection(questions, initialSelection(questions), 'people.email', false);
    selection = toggleSelection(questions, selection, 'people.name', false);
    expect(selection.has('people.name')).toBe(true);
    selection = toggleSelection(questions, selection, 'people.title', false);
    expect(selection.has('people')).toBe(true);
    expect(selectedFeatures(questions, selection).at(-1)).toEqual({ feature_type_id: 'people.name' });
    const none = toggleSelection(questions, selection, 'people', false);
    expect([...none].filter((id) => id.startsWith('people'))).toEqual([]);
  });
});
