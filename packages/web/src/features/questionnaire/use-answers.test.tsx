import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Questionnaire } from '../workbench/types.ts';
import { foundersQuestion, resourceField } from './test-questions.ts';
import { useAnswers } from './use-answers.ts';

const questionnaire: Questionnaire = {
  transaction_id: 1,
  label: 'Formation',
  open: true,
  is_assessment: false,
  validated_questionnaire: false,
  validators: [],
  questions: [
    {
      id: 'company',
      label: 'Company name',
      type: 'company_name',
      required: true,
      new_require: false,
      fixed: false,
      is_entity_formed: false,
      party: 'ours',
      is_hidden: false,
      resource_type_id: null,
      multi_entry: false,
      value: '',
      resources: null,
    },
    {
      id: 'date',
      label: 'Formation date',
      type: 'date',
      required: true,
      new_require: false,
      fixed: false,
      is_entity_formed: false,
      party: 'ours',
      is_hidden: false,
      resource_type_id: null,
      multi_entry: false,
      value: '',
      resources: null,
    },
  ],
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('useAnswers', () => {
  it('normalizes on commit, saves, and makes a check wait for the save under way', async () => {
    const pending = deferred();
    const save = vi.fn(() => pending.promise);
    const { result } = renderHook(() => useAnswers(questionnaire, save));
    await act(async () => result.current.commit(questionnaire.questions[1], 'Mar 2, 2026'));
    expect(result.current.answers.values.date).toBe('03/02/2026');
    expect(save).toHaveBeenCalledWith({
      feature_type_id: 'date',
      resource_id: undefined,
      value: '03/02/2026',
    });
    expect(result.current.saving).toBe(true);

    let checked = false;
    let check: Promise<unknown> = Promise.resolve();
    act(() => {
      check = result.current.check().then(() => {
        checked = true;
      });
    });
    await Promise.resolve();
    expect(checked).toBe(false);
    await act(async () => {
      pending.resolve();
      await check;
    });
    expect(checked).toBe(true);
    expect(result.current.saving).toBe(false);
    expect(result.current.errors).toEqual({ company: 'Company must be named.' });
    expect(result.current.messages).toEqual([
      '- Fill out all required fields before continuing.',
      '- Company name: Company must be named.',
    ]);
  });

  it('shows a type error at once and saves nothing, and shows the server message when a save fails', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, {
        code: 'VALIDATION_ERROR',
        message: 'Valid date required',
        fields: { date: 'Valid date required' },
      });
    });
    const { result } = renderHook(() => useAnswers(questionnaire, save));
    act(() => result.current.commit(questionnaire.questions[0], 'Acme Rockets'));
    expect(result.current.errors.company).toBe('Select a suffix');
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      result.current.commit(questionnaire.questions[1], '03/02/2026');
      await result.current.settled();
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.errors.date).toBe('Valid date required');
  });

  it('keeps a refused answer of a listed resource, with its error, when the list is reloaded', async () => {
    const founders = foundersQuestion(
      [resourceField('name', 'Full name', 'person_name'), resourceField('phone', 'Phone', 'phone', false)],
      [{ resource_id: 4, resource_name: 'Ada', is_draft: true, values: { name: 'Ada' } }],
    );
    const save = vi.fn(async () => undefined);
    const { result } = renderHook(() => useAnswers({ ...questionnaire, questions: [founders] }, save));
    const [ada] = founders.resources ?? [];
    const phone = founders.fields?.[1];
    if (!ada || !phone) throw new Error('fixture');
    act(() => result.current.commit(founders, '555 01', { entry: ada, field: phone }));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.errors['founders.4.phone']).toBe('Full phone number required.');

    // Another founder is added: the server's list knows nothing of the refused phone number.
    act(() =>
      result.current.setList('founders', [
        { ...ada },
        { resource_id: 5, resource_name: 'Charles', is_draft: true, values: { name: 'Charles' } },
      ]),
    );
    const listed = result.current.answers.lists.founders;
    expect(listed.map((entry) => entry.values)).toEqual([
      { name: 'Ada', phone: '+1 (555) 01' },
      { name: 'Charles' },
    ]);
    expect(result.current.errors['founders.4.phone']).toBe('Full phone number required.');
    await act(async () => {
      await result.current.check();
    });
    expect(result.current.errors['founders.4.phone']).toBe('Full phone number required.');
  });
});
