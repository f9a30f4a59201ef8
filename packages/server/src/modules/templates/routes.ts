import { projectTemplateView } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { listProjectTemplates } from './list-project-templates.ts';

export async function templateRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/account/project_template',
    { schema: { tags: ['workflows'], response: { 200: z.array(projectTemplateView) } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      return listProjectTemplates({ tx: ctx.db, actor });
    },
  );
}
