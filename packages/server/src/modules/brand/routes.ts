import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';
import { findBrandForHost, presentBrand } from './brands.ts';

export async function brandRoutes(app: App, ctx: AppContext) {
  app.get('/api/public/brand', { schema: { tags: ['public'] } }, async (request) =>
    presentBrand(await findBrandForHost(ctx.db, request.headers.host)),
  );
}
