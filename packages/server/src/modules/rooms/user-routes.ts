import { idParams, userRoomDetail, userRoomView } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import type { App } from '../../http/types.ts';
import { listUserRooms } from './list-user-rooms.ts';
import { userRoom } from './user-room.ts';

const tags = ['rooms'];

/** The user's rooms across their workspaces (spec 1 §7 "Rooms and shell"). */
export async function userRoomRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/user/rooms',
    { schema: { tags, response: { 200: z.array(userRoomView) } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return listUserRooms({ tx: ctx.db, actor });
    },
  );

  app.get(
    '/api/user/rooms/:id',
    { schema: { tags, params: idParams, response: { 200: userRoomDetail } } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return userRoom({ tx: ctx.db, actor, id: request.params.id });
    },
  );
}
