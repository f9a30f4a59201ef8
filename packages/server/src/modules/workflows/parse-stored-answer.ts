import { maskSsn, type ParsedAnswerView, parseAnswer } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { loadAnswers } from './answers.ts';
import { templateFor } from './catalog.ts';
import { findTransaction } from './scope.ts';

/**
 * GET /api/account/transaction/{id}/parse/{path}: the server's reading of one stored answer of a group
 * the member can see. `path` is the answer's key: a plain question's id, or 'list.resourceId.field' for a
 * field of a resource listed by the group. An unknown key is not found (as another workspace's group is).
 */
export async function parseStoredAnswer({
  tx,
  actor,
  id,
  path,
}: {
  tx: Tx;
  actor: MemberActor;
  id: number;
  path: string;
}): Promise<ParsedAnswerView> {
  const transaction = await findTransaction(tx, actor, id);
  const { transactionTemplate } = await templateFor(tx, transaction);
  const [questionId, resourceId, fieldId, ...rest] = path.split('.');
  const question = transactionTemplate.questions.find((q) => q.id === questionId);
  if (!question || rest.length > 0) throw notFound('Answer not found');
  const answers = await loadAnswers(tx, transaction.id, transactionTemplate);
  let field: { type: ParsedAnswerView['type'] } | undefined;
  let raw: string | undefined;
  if (resourceId === undefined) {
    if (question.type === 'resource_list') throw notFound('Answer not found');
    field = question;
    raw = answers.values[question.id] ?? '';
  } else {
    const listed = question.fields?.find((f) => f.id === fieldId);
    const entry = (answers.lists[question.id] ?? []).find((e) => String(e.resource_id) === resourceId);
    if (!listed || !entry) throw notFound('Answer not found');
    field = listed;
    raw = entry.values[listed.id] ?? '';
  }
  const parsed = parseAnswer(field.type, raw);
  // A social security number leaves masked in both readings (raw too), as the parsed one promises.
  if (field.type === 'social_security') raw = maskSsn(raw);
  return { path, type: field.type, raw, parsed };
}
