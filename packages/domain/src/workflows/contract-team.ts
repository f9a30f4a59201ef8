import { z } from 'zod';
import { idParams, rowIdParam } from '../contract/common.ts';
import { projectTemplateParams, todoView } from './contract.ts';

/**
 * The team view's to-dos (spec 1 §6, §7 To-dos): the same calls as /api/account/…, made by a signed-in
 * user for a workspace named in the path (/api/user/dashboard/_account/{accountId}/…): one of their own,
 * or a client of a partner they belong to.
 */

/** PATCH, DELETE /api/user/dashboard/_account/{accountId}/recommendation/{id}; POST …/transaction/{id}/assign */
export const teamRowParams = idParams.extend({ accountId: rowIdParam });

/** GET /api/user/dashboard/_account/{accountId}/recommendation/project_template/{id} */
export const teamTemplateParams = projectTemplateParams.extend({ accountId: rowIdParam });

/**
 * The workspace a to-do of the personal dashboard belongs to; `member` is false for a partner's client
 * (the user acts on its to-dos from the team view but does not open its pages).
 */
export const todoWorkspace = z.object({ id: z.number(), name: z.string(), member: z.boolean() });

/** GET /api/user/recommendation: a to-do of any workspace the user may act on, with that workspace. */
export const userTodoView = todoView.extend({ account: todoWorkspace });
export type UserTodoView = z.infer<typeof userTodoView>;
