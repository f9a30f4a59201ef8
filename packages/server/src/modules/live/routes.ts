import { liveQuery } from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authenticateAccessToken } from '../../http/authenticate.ts';
import { AppError } from '../../http/errors.ts';
import { FOREIGN_ORIGIN, isSameOrigin } from '../../http/request-guards.ts';
import type { App } from '../../http/types.ts';
import { CLOSE_SESSION_ENDED } from './live-hub.ts';

/**
 * GET /api/ws?access_token=…[&since=N]: the live channel of one workspace (spec 1). A browser's Origin
 * must be this site's (another site's page could otherwise open it with a token it stole nothing for,
 * but the check costs nothing); the token is checked before the upgrade, so a bad one is a plain 401.
 */
export async function liveRoutes(app: App, ctx: AppContext) {
  const actors = new WeakMap<FastifyRequest, { actor: MemberActor; changesSeen: number }>();
  app.get(
    '/api/ws',
    {
      websocket: true,
      // Reconnects back off on the client; a flood of upgrades from one address is refused early.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { hide: true, querystring: liveQuery },
      preValidation: (request, _reply, done) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !isSameOrigin(ctx, request, origin)) {
          return done(new AppError('CSRF_REJECTED', FOREIGN_ORIGIN));
        }
        done();
      },
      preHandler: async (request) => {
        const changesSeen = ctx.live.changeCount;
        const actor = await authenticateAccessToken(ctx, request.query.access_token);
        actors.set(request, { actor, changesSeen });
      },
    },
    (socket, request) => {
      const signedIn = actors.get(request);
      if (!signedIn) return socket.close(CLOSE_SESSION_ENDED, 'Not signed in');
      ctx.live.attach(socket, signedIn.actor, request.query.since, signedIn.changesSeen);
    },
  );
}
