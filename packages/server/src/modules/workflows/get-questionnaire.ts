import type { QuestionnaireView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ownedRow } from '../../db/owned.ts';
import { projects, projectTemplates, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { answersOf, listedResourcesJson, savedAnswersJson } from './answers.ts';
import { templateAt, transactionTemplateOf } from './catalog.ts';
import { visibleTransactions } from './policies.ts';
import { presentQuestionnaire } from './presenters.ts';

/**
 * GET /api/account/transaction/{id}/questionnaire: the group's questions with their answers. One
 * statement reads the group (as findTransaction would: this workspace, visible to the actor), its
 * template's version and its answers; the template itself comes from memory while that version holds.
 */
export async function getQuestionnaire(input: {
  tx: Tx;
  actor: MemberActor;
  id: number;
}): Promise<QuestionnaireView> {
  const { tx, actor, id } = input;
  const [row] = await tx
    .select({
      transaction: transactions,
      templateId: projectTemplates.id,
      templateHash: projectTemplates.contentHash,
      saved: savedAnswersJson(transactions.id),
      listed: listedResourcesJson(transactions.id),
    })
    .from(transactions)
    .innerJoin(projects, eq(projects.id, transactions.projectId))
    .innerJoin(projectTemplates, eq(projectTemplates.id, projects.templateId))
    .where(ownedRow(transactions, actor, id, visibleTransactions(actor)))
    .limit(1);
  if (!row) throw notFound('Task not found');
  const template = await templateAt(tx, row.templateId, row.templateHash);
  const transactionTemplate = transactionTemplateOf(template, row.transaction.templateKey);
  const answers = answersOf(transactionTemplate, row.saved, row.listed);
  return presentQuestionnaire(row.transaction, template, transactionTemplate, answers);
}
