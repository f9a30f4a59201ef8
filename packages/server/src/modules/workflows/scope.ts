import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { projects, resources, tasks, transactions } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { loadTemplate } from './catalog.ts';
import { canSeeProjectModule, visibleProjects, visibleTasks, visibleTransactions } from './policies.ts';

/**
 * Workflow rows as the actor may see them: another workspace's row, or one the policy hides from a
 * restricted workspace, is simply not found. `lock` holds the row for the rest of the transaction.
 */
/** A project template of the library, unless the workspace's role hides its module. */
export async function findTemplate(tx: Tx, actor: MemberActor, id: string) {
  const template = await loadTemplate(tx, id);
  if (!canSeeProjectModule(actor, template.module_id)) throw notFound('Workflow template not found');
  return template;
}

export const findProject = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, projects, actor, id, { visible: visibleProjects(actor), what: 'Project not found' });

export const findTransaction = (tx: Tx, actor: MemberActor, id: number, lock = false) =>
  findOwned(tx, transactions, actor, id, {
    visible: visibleTransactions(actor),
    lock,
    what: 'Task not found',
  });

export const findTask = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, tasks, actor, id, { visible: visibleTasks(actor), what: 'Task not found' });

/** Resources (people, companies) are shared by every questionnaire of the workspace. */
export const findResource = (tx: Tx, actor: MemberActor, id: number) =>
  findOwned(tx, resources, actor, id, { what: 'Resource not found' });
