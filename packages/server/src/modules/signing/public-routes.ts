import {
  declineBody,
  fileBytes,
  noContent,
  pageImageQuery,
  signBody,
  signerView,
  signPageParams,
  signTokenParams,
  verifyBody,
  verifyResult,
} from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import { contentDisposition } from '../../adapters/storage/file-types.ts';
import type { AppContext } from '../../context.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { consentToSign } from './consent-to-sign.ts';
import { declineDocument } from './decline-document.ts';
import { openSigning } from './open-signing.ts';
import { signDocument } from './sign-document.ts';
import { signerDocument, signerPageImage } from './signer-files.ts';
import { verifyPdf } from './verify-pdf.ts';

const tags = ['public'];
/** Signing links are long random secrets; the limit is against scanning and floods, not guessing. */
const SIGNER_REQUESTS_PER_MINUTE = 120;
const VERIFY_BODY_LIMIT = 36 * 1024 * 1024;

/** Where a visitor's request came from (Fastify's request.ip follows TRUST_PROXY). */
const whence = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

/**
 * The signer's side (no sign-in: the link's secret is the credential, and nothing else in the request
 * chooses the document) and the public verify page's check.
 */
export async function publicSigningRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(SIGNER_REQUESTS_PER_MINUTE);
  const brandOf = (request: FastifyRequest) => mailBrandFor(ctx, request.headers.host);
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.post(
    '/api/public/sign/:token/open',
    { config: limit, schema: { tags, params: signTokenParams, response: { 200: signerView } } },
    async (request, reply) => {
      const secret = request.params.token;
      reply.headers(noStore);
      return ctx.db.transaction((tx) => openSigning({ ctx, tx, secret, request: whence(request) }));
    },
  );

  app.post(
    '/api/public/sign/:token/consent',
    { config: limit, schema: { tags, params: signTokenParams, response: { 204: noContent } } },
    async (request, reply) => {
      const secret = request.params.token;
      await ctx.db.transaction((tx) => consentToSign({ tx, secret, request: whence(request) }));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/public/sign/:token/sign',
    {
      // Two images (a signature and initials) of up to 1.4 MB of base64 each.
      bodyLimit: 3 * 1024 * 1024,
      config: limit,
      schema: { tags, params: signTokenParams, body: signBody, response: { 200: signerView } },
    },
    async (request, reply) => {
      const secret = request.params.token;
      const brand = await brandOf(request);
      const body = request.body;
      reply.headers(noStore);
      const view = await ctx.db.transaction((tx) =>
        signDocument({ ctx, tx, secret, request: whence(request), body, brand }),
      );
      ctx.jobs.poke();
      return view;
    },
  );

  app.post(
    '/api/public/sign/:token/decline',
    {
      config: limit,
      schema: { tags, params: signTokenParams, body: declineBody, response: { 200: signerView } },
    },
    async (request, reply) => {
      const secret = request.params.token;
      const brand = await brandOf(request);
      const { reason } = request.body;
      reply.headers(noStore);
      return ctx.db.transaction((tx) =>
        declineDocument({ ctx, tx, secret, request: whence(request), reason, brand }),
      );
    },
  );

  app.get(
    '/api/public/sign/:token/document',
    { config: limit, schema: { tags, params: signTokenParams, response: { 200: fileBytes('The PDF') } } },
    async (request, reply) => {
      const secret = request.params.token;
      const { file, bytes } = await ctx.db.transaction((tx) =>
        signerDocument({ ctx, tx, secret, request: whence(request) }),
      );
      return reply
        .type('application/pdf')
        .headers(noStore)
        .header('content-disposition', contentDisposition(file.filename, 'attachment'))
        .send(bytes);
    },
  );

  app.get(
    '/api/public/sign/:token/pages/:page',
    {
      config: { rateLimit: { max: 2000, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: signPageParams,
        querystring: pageImageQuery,
        response: { 200: fileBytes('The page as a PNG') },
      },
    },
    async (request, reply) => {
      const { token: secret, page } = request.params;
      const { width } = request.query;
      const png = await ctx.db.transaction((tx) =>
        signerPageImage({ ctx, tx, secret, request: whence(request), page, width }),
      );
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=3600')
        .header('referrer-policy', 'no-referrer')
        .send(png);
    },
  );

  app.post(
    '/api/public/verify',
    {
      bodyLimit: VERIFY_BODY_LIMIT,
      config: authRateLimit(30),
      schema: { tags, body: verifyBody, response: { 200: verifyResult } },
    },
    async (request) => verifyPdf(ctx, Buffer.from(request.body.pdf, 'base64')),
  );
}
