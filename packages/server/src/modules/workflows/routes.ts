import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { answerRoutes } from './answer-routes.ts';
import { documentRoutes } from './document-routes.ts';
import { registerWorkflowJobs } from './jobs.ts';
import { projectRoutes } from './project-routes.ts';
import { teamTodoRoutes } from './team-todo-routes.ts';
import { todoRoutes } from './todo-routes.ts';

/** Every workflow route (spec 2 §7), by area, and the jobs that generate documents. */
export async function workflowRoutes(app: App, ctx: AppContext) {
  registerWorkflowJobs(ctx);
  for (const routes of [projectRoutes, answerRoutes, documentRoutes, todoRoutes, teamTodoRoutes])
    await routes(app, ctx);
}
