import {
  finalizedOutsideForm,
  finalizeOutsideFormBody,
  idParams,
  openedStandingForm,
  outsideFormCodeParams,
  publicOutsideForm,
  publicStandingForm,
  redirectResponse,
  resourceView,
  savedAnswer,
  storedFile,
  unlistedAnswerBody,
  unlistedFileBody,
  unlistedResourceBody,
  unlistedUploadQuery,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { withUploads } from '../cabinet/with-uploads.ts';
import { finalizeOutsideForm } from './finalize-outside-form.ts';
import { getPublicForm } from './get-public-form.ts';
import { getStandingForm } from './get-standing-form.ts';
import { openStandingForm } from './open-standing-form.ts';
import { renameFormFile } from './rename-form-file.ts';
import { renameFormResource } from './rename-form-resource.ts';
import { saveFormAnswer } from './save-form-answer.ts';
import { formForUpload, uploadFormFile } from './upload-form-file.ts';

const tags = ['public'];
/** Codes are 128-bit secrets; the limits are against scanning and floods, not guessing. */
const FORM_REQUESTS_PER_MINUTE = 240;
/** Each visit of a standing link makes a task group: kept lower. */
const STANDING_VISITS_PER_MINUTE = 20;
const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/**
 * The filler's side (no sign-in: the code is the credential, and the form it opens decides the task
 * group and the questions; nothing else in the request does).
 */
export async function publicOutsideFormRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(FORM_REQUESTS_PER_MINUTE);

  // A standing link is opened by link scanners and previews as much as by people: its GET (and HEAD) only
  // leads to a page, whose button POSTs to make the instance (DESIGN §4: a link that acts is a POST made
  // by the page). The page says when the code opens nothing, so this reads nothing.
  app.get(
    '/api/redirect/form/:code',
    {
      config: limit,
      schema: {
        tags,
        params: outsideFormCodeParams,
        response: { 302: redirectResponse('To the page of the link: /outside-form/{code}/start') },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).redirect(`/outside-form/${encodeURIComponent(request.params.code)}/start`),
  );

  app.post(
    '/api/redirect/form/:code',
    {
      config: authRateLimit(STANDING_VISITS_PER_MINUTE),
      schema: { tags, params: outsideFormCodeParams, response: { 201: openedStandingForm } },
    },
    async (request, reply) => {
      const code = await ctx.db.transaction((tx) => openStandingForm({ ctx, tx, code: request.params.code }));
      return reply
        .status(201)
        .headers(noStore)
        .send({ code, location: `/outside-form/${code}` });
    },
  );

  app.get(
    '/api/public/standing_form/:code',
    { config: limit, schema: { tags, params: outsideFormCodeParams, response: { 200: publicStandingForm } } },
    async (request, reply) => {
      const brand = await mailBrandFor(ctx, request.headers.host);
      reply.headers(noStore);
      return ctx.db.transaction((tx) => getStandingForm({ tx, code: request.params.code, brand }));
    },
  );

  app.get(
    '/api/public/outside_form/:code',
    { config: limit, schema: { tags, params: outsideFormCodeParams, response: { 200: publicOutsideForm } } },
    async (request, reply) => {
      const brand = await mailBrandFor(ctx, request.headers.host);
      reply.headers(noStore);
      return ctx.db.transaction((tx) => getPublicForm({ tx, code: request.params.code, brand }));
    },
  );

  app.post(
    '/api/public/outside_form/:code/finalize',
    {
      config: limit,
      schema: {
        tags,
        params: outsideFormCodeParams,
        body: finalizeOutsideFormBody,
        response: { 200: finalizedOutsideForm },
      },
    },
    async (request) => {
      const done = await ctx.db.transaction((tx) =>
        finalizeOutsideForm({ ctx, tx, code: request.params.code }),
      );
      if (done.task_finalized) ctx.jobs.poke();
      return done;
    },
  );

  app.post(
    '/api/unlisted/flat_feature',
    { config: limit, schema: { tags, body: unlistedAnswerBody, response: { 200: savedAnswer } } },
    async (request) => ctx.db.transaction((tx) => saveFormAnswer({ tx, input: request.body })),
  );

  app.patch(
    '/api/unlisted/resource/:id',
    {
      config: limit,
      schema: { tags, params: idParams, body: unlistedResourceBody, response: { 200: resourceView } },
    },
    async (request) =>
      ctx.db.transaction((tx) => renameFormResource({ tx, id: request.params.id, input: request.body })),
  );

  app.post(
    '/api/unlisted/storage/upload',
    {
      config: {
        ...limit,
        upload: { files: 'one', description: "A file for one of the form's document questions" },
      },
      schema: { tags, querystring: unlistedUploadQuery, response: { 201: storedFile } },
    },
    async (request, reply) => {
      const code = request.query.access_code;
      // The code is checked before a byte is read: a stranger's upload is never spooled.
      const form = await ctx.db.transaction((tx) => formForUpload(tx, code));
      const file = await withUploads(ctx, request, (uploads) => uploadFormFile({ ctx, code, form, uploads }));
      return reply.status(201).headers(noStore).send(file);
    },
  );

  app.put(
    '/api/unlisted/account/box/file/:id',
    {
      config: limit,
      schema: {
        tags,
        params: idParams,
        querystring: unlistedUploadQuery,
        body: unlistedFileBody,
        response: { 200: storedFile },
      },
    },
    async (request) =>
      ctx.db.transaction((tx) =>
        renameFormFile({
          tx,
          code: request.query.access_code,
          id: request.params.id,
          filename: request.body.filename,
        }),
      ),
  );
}
