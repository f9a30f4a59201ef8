import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  type ProjectTemplate,
  projectTemplateSchema,
  type Question,
  type TemplateTask,
} from './library-schema.ts';
import { type TagUse, type TokenUse, tokensOf } from './tokens.ts';

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

/**
 * Unique ids, every token bound to a question (and field), every question reachable, every signing tag
 * bound to a signer of its task and every signer given a place to sign.
 */
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
      for (const task of transaction.tasks) {
        problems.push(...checkSigners(task, where, questions));
        for (const fee of task.fees) {
          const state = fee.feature_type_id ? questions.get(fee.feature_type_id) : undefined;
          if (fee.feature_type_id && state?.type !== 'state')
            problems.push(
              `${where}/${task.id}: fee ${fee.key} reads no state question ${fee.feature_type_id}`,
            );
        }
        for (const variant of task.variants) {
          const body = bodies.get(variant.body);
          if (body === undefined) continue;
          const { uses, tags, problems: syntax } = tokensOf(body);
          for (const p of syntax) problems.push(`${variant.body}: ${p}`);
          for (const p of unbound(uses, questions, where)) problems.push(`${variant.body}: ${p}`);
          for (const p of misplacedTags(tags, task, `${where}/${task.id}`))
            problems.push(`${variant.body}: ${p}`);
        }
      }
    }
  }
  return problems;
}

type Questions = Map<string, Question>;

/** Tokens that name no question of the task group, or no field of a resource list. */
function unbound(uses: TokenUse[], questions: Questions, where: string): string[] {
  const problems: string[] = [];
  for (const use of uses) {
    const [questionId, fieldId] = use.path;
    const question = questions.get(questionId);
    if (!question) {
      problems.push(`line ${use.line}: {{${use.path.join('.')}}} is bound to no question of ${where}`);
    } else if (fieldId && !question.fields?.some((f) => f.id === fieldId)) {
      problems.push(`line ${use.line}: ${questionId} has no field ${fieldId}`);
    }
  }
  return problems;
}

/** A task's signers: roles declared once, names and emails made of tokens bound to the task group. */
function checkSigners(task: TemplateTask, group: string, questions: Questions): string[] {
  const problems: string[] = [];
  const where = `${group}/${task.id}`;
  const roles = new Set<string>();
  for (const signer of task.signers) {
    if (roles.has(signer.role)) problems.push(`${where}: signer role ${signer.role} is declared twice`);
    roles.add(signer.role);
    for (const key of ['name', 'email'] as const) {
      const { uses, tags, problems: syntax } = tokensOf(signer[key]);
      const label = `${where}: signer ${signer.role}'s ${key}`;
      for (const p of [...syntax, ...unbound(uses, questions, group)]) problems.push(`${label}: ${p}`);
      if (uses.some((use) => use.inEach !== null) || tags.length > 0) {
        problems.push(`${label} may hold answers only, not blocks or signing tags`);
      }
    }
  }
  return problems;
}

/**
 * Signing tags against the task's signers. Each body is a document of its own (a task generates one
 * variant), so each must give every signer a signature of their own.
 */
function misplacedTags(tags: TagUse[], task: TemplateTask, where: string): string[] {
  const problems: string[] = [];
  const roles = new Set(task.signers.map((signer) => signer.role));
  for (const tag of tags) {
    if (!roles.has(tag.role)) {
      problems.push(
        `line ${tag.line}: ${tag.raw} names role ${tag.role}, which ${where} does not declare in signers`,
      );
    }
  }
  for (const role of roles) {
    if (!tags.some((tag) => tag.kind === 'signature' && tag.role === role)) {
      problems.push(`signer ${role} of ${where} has no {{sign:${role}}} to sign`);
    }
  }
  return problems;
}
