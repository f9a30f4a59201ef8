import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { App } from './types.ts';

/**
 * Readiness for load balancers and orchestrators: the database answers a query. GET /api/health stays a
 * pure liveness answer (the process serves HTTP), so an instance is not restarted while PostgreSQL is
 * down, only taken out of rotation.
 */
export async function readinessRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['public'],
        summary: 'Readiness: the database answers',
        description: 'Runs `select 1`. 503 with code DATABASE_UNAVAILABLE (and Retry-After) when it cannot.',
        response: { 200: z.object({ status: z.literal('ready') }) },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ready' as const };
    },
  );
}
