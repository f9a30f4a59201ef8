import { idParams, noContent } from '@charter/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';

export const tags = ['workflows'];

/** An operation on one row by id, as the caller may see it. */
export type ByIdOperation<T> = (input: { tx: Tx; actor: MemberActor; id: number }) => Promise<T>;

/** What every workflow route does: authenticate in the workspace, work in a transaction. */
export function routeKit(app: App, ctx: AppContext) {
  const member = (request: Parameters<typeof authenticateAccount>[1]) => authenticateAccount(ctx, request);
  const inTx = <T>(work: Parameters<typeof ctx.db.transaction<T>>[0]) => ctx.db.transaction(work);
  return {
    member,
    inTx,
    /**
     * GET {path} with an :id: one operation in the caller's workspace, its result (of the response
     * schema's type) as the answer.
     */
    readById: <S extends z.ZodType>(path: string, response: S, read: ByIdOperation<z.output<S>>) => {
      // Widened: Fastify cannot resolve a reply type from a generic schema; `read` is checked above.
      const schema = { tags, params: idParams, response: { 200: response as z.ZodType } };
      return app.get(path, { schema }, async (request) => {
        const actor = await member(request);
        return inTx((tx) => read({ tx, actor, id: request.params.id }));
      });
    },
    /** DELETE {path} with an :id: one operation in the caller's workspace, then 204. */
    removeById: (path: string, remove: ByIdOperation<unknown>) =>
      app.delete(
        path,
        { schema: { tags, params: idParams, response: { 204: noContent } } },
        async (request, reply) => {
          const actor = await member(request);
          await inTx((tx) => remove({ tx, actor, id: request.params.id }));
          return reply.status(204).send();
        },
      ),
  };
}
