import { brandView } from '@charter/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { presentBrand } from './presenters.ts';
import { findBrandForHost } from './scope.ts';

export async function brandRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/public/brand',
    { schema: { tags: ['public'], response: { 200: brandView } } },
    async (request) => presentBrand(await findBrandForHost(ctx.db, request.headers.host)),
  );
}
