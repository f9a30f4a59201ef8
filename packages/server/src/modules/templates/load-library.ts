import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type ProjectTemplate, projectTemplateSchema } from './library-schema.ts';
import { tokensOf } from './tokens.ts';

export const LIBRARY_DIR = path.resolve(import.meta.dirname, '../../../templates');

export type Library = { templates: ProjectTemplate[]; bodies: Map<string, string>; problems: string[] };

/** Reads every `*.yaml` under the folder and the Markdown bodies they name, then checks the whole. */
export function loadLibrary(dir = LIBRARY_DIR): Library {
  const problems: string[] = [];
  const templates: ProjectTemplate[] = [];
  const bodies = new Map<string, string>();
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  for (const file of files) {
    let raw: unknown;
    try {
      raw = parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid YAML (${(error as Error).message.split('\n')[0]})`);
      continue;
    }
    const parsed = projectTemplateSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      continue;
    }
    templates.push(parsed.data);
    for (const variant of parsed.data.transactions.flatMap((t) => t.tasks.flatMap((k) => k.variants))) {
      const bodyPath = path.join(dir, variant.body);
      if (fs.existsSync(bodyPath)) bodies.set(variant.body, fs.readFileSync(bodyPath, 'utf8'));
      else problems.push(`${file}: body ${variant.body} not found`);
    }
  }
  problems.push(...checkLibrary(templates, bodies));
  return { templates, bodies, problems };
}

/** Unique ids, every token bound to a question (and field), every question reachable. */
export function checkLibrary(templates: ProjectTemplate[], bodies: Map<string, string>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const template of templates) {
    if (seen.has(template.id)) problems.push(`${template.id}: duplicate project template id`);
    seen.add(template.id);
    for (const transaction of template.transactions) {
      const where = `${template.id}/${transaction.id}`;
      const questions = new Map(transaction.questions.map((q) => [q.id, q]));
      if (questions.size !== transaction.questions.length) problems.push(`${where}: duplicate question id`);
      for (const question of transaction.questions) {
        if (question.required_question_id && !questions.has(question.required_question_id)) {
          problems.push(
            `${where}: question ${question.id} depends on missing question ${question.required_question_id}, so it can never show`,
          );
        }
        if (question.fixed && question.required && question.default === undefined) {
          problems.push(
            `${where}: question ${question.id} is fixed and required without a default, so nobody can answer it`,
          );
        }
        if (question.type === 'resource_list' && !question.fields?.length) {
          problems.push(`${where}: resource list ${question.id} has no fields`);
        }
      }
      for (const variant of transaction.tasks.flatMap((t) => t.variants)) {
        const body = bodies.get(variant.body);
        if (body === undefined) continue;
        const { uses, problems: syntax } = tokensOf(body);
        for (const p of syntax) problems.push(`${variant.body}: ${p}`);
        for (const use of uses) {
          const [questionId, fieldId] = use.path;
          const question = questions.get(questionId);
          if (!question) {
            problems.push(
              `${variant.body}: line ${use.line}: {{${use.path.join('.')}}} is bound to no question of ${where}`,
            );
          } else if (fieldId && !question.fields?.some((f) => f.id === fieldId)) {
            problems.push(`${variant.body}: line ${use.line}: ${questionId} has no field ${fieldId}`);
          }
        }
      }
    }
  }
  return problems;
}
