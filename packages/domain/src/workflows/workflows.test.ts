import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentsPageStep, showMoreRows } from './documents.ts';
import { answersDocument, checkQuestionnaire, isQuestionShown, type QuestionSpec } from './questionnaire.ts';
import { documentStatusLabel, recipientLabel, taskStatusLabel, transactionCardStatus } from './statuses.ts';

const questions: QuestionSpec[] = [
  { id: 'company', label: 'Company name', type: 'company_name', required: true, entity_type: 'corporation' },
  { id: 'vest', label: 'Vesting', type: 'boolean', required: true },
  {
    id: 'months',
    label: 'Months',
    type: 'integer',
    required: true,
    required_question_id: 'vest',
    required_question_value: 'true',
  },
  {
    id: 'founders',
    label: 'Founders',
    type: 'resource_list',
    required: true,
    fields: [
      { id: 'name', label: 'Name', type: 'person_name', required: true },
      { id: 'phone', label: 'Phone', type: 'phone', required: false, new_require: true },
    ],
  },
];

describe('the questionnaire check', () => {
  it('hides questions whose parent answer differs, and skips them', () => {
    expect(isQuestionShown(questions[2], { vest: 'false' })).toBe(false);
    expect(isQuestionShown(questions[2], { vest: 'true' })).toBe(true);
    const check = checkQuestionnaire(questions, {
      values: { company: 'Lovelace Labs, Inc.', vest: 'false' },
      lists: {
        founders: [{ resource_id: 1, resource_name: 'Ada', is_draft: false, values: { name: 'Ada' } }],
      },
    });
    expect(check).toEqual({ errors: {}, messages: [] });
  });

  it('reports each wrong answer, empty lists and failing validators in the spec words', () => {
    const check = checkQuestionnaire(
      questions,
      {
        values: { company: 'Lovelace Labs', vest: 'true' },
        lists: { founders: [] },
      },
      [{ type: 'Regex', regex: '"founders":\\[\\{', message: 'Add at least one founder.' }],
    );
    expect(check.errors).toEqual({ company: 'Select a suffix', months: 'Field required' });
    expect(check.messages).toEqual([
      '- Fill out all required fields before continuing.',
      '- Company name: Select a suffix',
      '- Months: Field required',
      '- Input required for: Founders.',
      '- Add at least one founder.',
    ]);
  });

  it('requires new_require fields of new entries only', () => {
    const entry = { resource_id: 7, resource_name: 'Ada', values: { name: 'Ada' } };
    const answers = (isDraft: boolean) => ({
      values: { company: 'Lovelace Labs, Inc.', vest: 'false' },
      lists: { founders: [{ ...entry, is_draft: isDraft }] },
    });
    expect(checkQuestionnaire(questions, answers(true)).errors).toEqual({
      'founders.7.phone': 'Phone number required',
    });
    expect(checkQuestionnaire(questions, answers(true)).messages).toEqual([
      '- Fill out all required fields before continuing.',
      '- Phone of Ada: Phone number required',
    ]);
    expect(checkQuestionnaire(questions, answers(false)).errors).toEqual({});
    expect(answersDocument(questions, answers(false))).toEqual({
      company: 'Lovelace Labs, Inc.',
      vest: 'false',
      founders: [{ name: 'Ada' }],
    });
  });
});

describe('statuses', () => {
  const task = (state: string, revisions = 0, label: string | null = null) => ({
    state,
    status_label: label,
    document: { revision_count: revisions },
  });
  it('labels cards as spec 2 §4 says', () => {
    const base = { open: true, is_started: false, validated_questionnaire: false, state: 'Open', tasks: [] };
    expect(transactionCardStatus(base)).toBe('Not Started');
    expect(transactionCardStatus({ ...base, is_started: true })).toBe('Form Incomplete');
    expect(transactionCardStatus({ ...base, is_started: true, validated_questionnaire: true })).toBe(
      'In Progress',
    );
    const closed = { ...base, open: false, state: 'Processing' };
    expect(transactionCardStatus({ ...closed, tasks: [task('Completed'), task('Skipped')] })).toBe(
      'Completed',
    );
    expect(transactionCardStatus({ ...closed, tasks: [task('Processing', 2)] })).toBe('Awaiting Approval');
    expect(transactionCardStatus({ ...closed, tasks: [task('Processing', 0, 'Awaiting Signature')] })).toBe(
      'Awaiting Signature',
    );
    expect(transactionCardStatus({ ...closed, tasks: [task('Processing')] })).toBe('Processing');
    expect(taskStatusLabel(task('Incomplete'))).toBe('');
    expect(taskStatusLabel(task('Completed', 1))).toBe('Awaiting Approval');
  });

  it('labels documents', () => {
    expect(documentStatusLabel({ status: 'document.completed', box_file_id: 3, revision_count: 0 })).toBe(
      'Completed',
    );
    expect(documentStatusLabel({ status: null, box_file_id: 3, revision_count: 0 })).toBe('Uploaded');
    expect(documentStatusLabel({ status: 'document.sent', box_file_id: null, revision_count: 0 })).toBe(
      'Awaiting Signature',
    );
    expect(documentStatusLabel({ status: 'document.declined', box_file_id: null, revision_count: 0 })).toBe(
      'Declined',
    );
    expect(documentStatusLabel({ status: 'document.voided', box_file_id: null, revision_count: 0 })).toBe(
      'Voided',
    );
  });

  it('labels recipients (spec 2 §4)', () => {
    const recipient = (signed: boolean, sent: boolean) => ({ signed, email_sent: sent });
    expect(recipientLabel(recipient(true, true), 'document.viewed')).toBe('Signed');
    expect(recipientLabel(recipient(false, true), 'document.sent')).toBe('Not signed');
    expect(recipientLabel(recipient(false, false), 'document.sent')).toBe('Email not sent');
    expect(recipientLabel(recipient(false, false), 'document.draft')).toBe('Not yet sent');
    expect(recipientLabel(recipient(false, false), null)).toBe('Not yet sent');
  });
});

describe('documents paging', () => {
  it('pages by a fifth of the list, between 25 and 200 rows', () => {
    expect([10, 200, 500, 5000].map(documentsPageStep)).toEqual([25, 40, 100, 200]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (length, shown) => {
          const next = showMoreRows(Math.min(shown, length), length);
          return next <= length && (next > Math.min(shown, length) || next === length);
        },
      ),
    );
  });
});
