import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { UserActor } from '../../http/actor.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { authorizeStaff } from './policies.ts';

export const STAFF_TAGS = ['staff'];

const staffOf = new WeakMap<FastifyRequest, UserActor>();

/** The signed-in staff member (401 without a session, 403 for anyone else, impersonated sessions too). */
export async function authenticateStaff(ctx: AppContext, request: FastifyRequest): Promise<UserActor> {
  const known = staffOf.get(request);
  if (known) return known;
  const actor = await authenticateUser(ctx, request);
  authorizeStaff(actor);
  staffOf.set(request, actor);
  return actor;
}

/**
 * Registers staff routes in a scope that checks the caller before anything else, so that anyone but staff
 * is answered 401 or 403 whatever they send, never a validation error about the console's input.
 */
export function staffScope(app: App, ctx: AppContext, routes: (scope: App) => Promise<void>) {
  return app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      await authenticateStaff(ctx, request);
    });
    await routes(scope as App);
  });
}
