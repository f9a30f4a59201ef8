import {
  fileLink,
  idParams,
  regenerateSharedLinkBody,
  saveSharedLinkBody,
  sharedLinkList,
  sharedLinkView,
  unlistedFolderListing,
  unlistedFolderQuery,
  unlistedTokenQuery,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { authenticateAccount } from '../../http/authenticate.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { getSharedLink } from './get-shared-link.ts';
import { listSharedLinks } from './list-shared-links.ts';
import { listUnlistedFolder } from './list-unlisted-folder.ts';
import { regenerateSharedLink } from './regenerate-shared-link.ts';
import { saveSharedLink } from './save-shared-link.ts';
import { unlistedFileToken } from './unlisted-file-token.ts';

const tags = ['shared-links'];
const base = '/api/account/shared_link';
/** Codes are 128-bit secrets; like the room guest routes, the limit is against floods, not guessing. */
const UNLISTED_REQUESTS_PER_MINUTE = 240;
const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/** Share File Cabinet (spec 3 §7): the workspace's side. */
export async function sharedLinkRoutes(app: App, ctx: AppContext) {
  const baseUrl = async (host: string | undefined) => (await mailBrandFor(ctx, host)).url;

  app.get(base, { schema: { tags, response: { 200: sharedLinkList } } }, async (request) => {
    const actor = await authenticateAccount(ctx, request);
    const url = await baseUrl(request.headers.host);
    return ctx.db.transaction((tx) => listSharedLinks({ ctx, tx, actor, baseUrl: url }));
  });

  app.get(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 200: sharedLinkView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const url = await baseUrl(request.headers.host);
      return ctx.db.transaction((tx) =>
        getSharedLink({ ctx, tx, actor, id: request.params.id, baseUrl: url }),
      );
    },
  );

  app.post(
    base,
    { schema: { tags, body: saveSharedLinkBody, response: { 200: sharedLinkView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const url = await baseUrl(request.headers.host);
      return ctx.db.transaction((tx) => saveSharedLink({ ctx, tx, actor, body: request.body, baseUrl: url }));
    },
  );

  app.put(
    base,
    { schema: { tags, body: regenerateSharedLinkBody, response: { 200: sharedLinkView } } },
    async (request) => {
      const actor = await authenticateAccount(ctx, request);
      const url = await baseUrl(request.headers.host);
      return ctx.db.transaction((tx) =>
        regenerateSharedLink({ ctx, tx, actor, id: request.body.id, baseUrl: url }),
      );
    },
  );
}

/**
 * The visitor's side (no sign-in): the access code is the credential and resolveUnlistedScope decides
 * the workspace and the folder it opens; nothing else in the request names them.
 */
export async function unlistedStorageRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(UNLISTED_REQUESTS_PER_MINUTE);

  app.get(
    '/api/unlisted/account/storage/folder',
    {
      config: limit,
      schema: {
        tags: ['unlisted'],
        querystring: unlistedFolderQuery,
        response: { 200: unlistedFolderListing },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return listUnlistedFolder({ tx: ctx.db, query: request.query });
    },
  );

  app.get(
    '/api/unlisted/storage/token',
    {
      config: limit,
      schema: { tags: ['unlisted'], querystring: unlistedTokenQuery, response: { 200: fileLink } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ctx.db.transaction((tx) =>
        unlistedFileToken({ tx, accessCode: request.query.access_code, fileId: request.query.file_id }),
      );
    },
  );
}
