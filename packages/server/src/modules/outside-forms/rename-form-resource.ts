import type { ResourceView } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { resources } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { saveAnswerTo } from '../workflows/save-answer.ts';
import { mayWrite } from './included.ts';
import { listingOf, openFormForAnswers } from './save-form-answer.ts';

/**
 * PATCH /api/unlisted/resource/{id}: renames a resource listed by one of the form's included lists in the
 * form's task group (the name is the list's first field, checked as that field).
 */
export async function renameFormResource({
  tx,
  id,
  input,
}: {
  tx: Tx;
  id: number;
  input: { access_code: string; name: string };
}): Promise<ResourceView> {
  const { form, transaction, transactionTemplate } = await openFormForAnswers(tx, input.access_code);
  const questionId = await listingOf(tx, form, id);
  const nameField = transactionTemplate.questions.find((q) => q.id === questionId)?.fields?.[0];
  if (!nameField || !mayWrite(form.questionIds, questionId, nameField.id))
    throw notFound('Resource not found');
  await saveAnswerTo({
    tx,
    transaction,
    template: transactionTemplate,
    accountId: form.accountId,
    input: {
      transaction_id: transaction.id,
      feature_type_id: nameField.id,
      resource_id: id,
      value: input.name,
    },
  });
  const [resource] = await tx.select().from(resources).where(eq(resources.id, id));
  return {
    id: resource.id,
    name: resource.name,
    resource_type_id: resource.resourceTypeId,
    is_draft: resource.isDraft,
    created_at: resource.createdAt.toISOString(),
  };
}
