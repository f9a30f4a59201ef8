import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BENCH_TEMPLATE = 'bench-200-questions';
export const QUESTION_COUNT = 200;
/** One optional question and one generated memo: finalized at once, its live events timed. */
export const LIVE_TEMPLATE = 'bench-live';

/**
 * A template library of one repeatable workflow whose questionnaire has 200 questions (and a resource
 * list), loaded by the benched server through TEMPLATES_DIR.
 */
/** Each bench workflow's one task: a memo generated from bench.md. */
const MEMO_TASK = [
  '    tasks:',
  '      - id: memo',
  '        label: Memo',
  '        type: Document',
  '        modes: [Generate, Skip]',
  '        variants: [{ id: plain, customer_label: Plain, body: bench.md }]',
  '',
];

export function writeBenchLibrary(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charter-bench-templates-'));
  const types = ['string', 'date', 'currency', 'email', 'phone', 'integer', 'boolean', 'address'];
  const questions = Array.from({ length: QUESTION_COUNT - 1 }, (_, i) => {
    const type = types[i % types.length];
    return `      - { id: q${i}, label: Question ${i}, type: ${type}, required: ${i % 3 === 0} }`;
  });
  questions.push(
    '      - id: people',
    '        label: People',
    '        type: resource_list',
    '        resource_type: 2',
    '        multi_entry: true',
    '        fields: [{ id: name, label: Name, type: person_name, required: true }]',
  );
  fs.writeFileSync(
    path.join(dir, 'bench.yaml'),
    [
      `id: ${BENCH_TEMPLATE}`,
      'label: Bench workflow',
      'area: other',
      'sample: true',
      'is_repeatable: true',
      'description: A large questionnaire for benchmarks.',
      'transactions:',
      '  - id: big',
      '    label: Big form',
      '    questions:',
      ...questions,
      ...MEMO_TASK,
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'bench.md'), '# Memo\n\n{{q0}} and {{people.name}}\n');
  fs.writeFileSync(
    path.join(dir, 'live.yaml'),
    [
      `id: ${LIVE_TEMPLATE}`,
      'label: Bench live',
      'area: other',
      'sample: true',
      'is_repeatable: true',
      'description: A one-question form whose memo is generated at once.',
      'transactions:',
      '  - id: small',
      '    label: Small form',
      '    questions:',
      '      - { id: note, label: Note, type: string, required: false }',
      ...MEMO_TASK,
    ].join('\n'),
  );
  return dir;
}
