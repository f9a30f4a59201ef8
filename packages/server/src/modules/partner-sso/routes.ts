import {
  partnerLinkBody,
  partnerLinkResponse,
  partnerSlugParams,
  partnerSsoBody,
  partnerSsoParams,
  partnerSsoView,
} from '@charter/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authenticateUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { type App, authRateLimit, WRITES } from '../../http/types.ts';
import { finishAtCallback, redirectToIssuer } from '../oidc/oidc-flow.ts';
import { authQuery, signedIn, toIssuer } from '../oidc/routes.ts';
import { clearPartnerSso } from './clear-partner-sso.ts';
import { configurePartnerSso } from './configure-partner-sso.ts';
import { getPartnerSso } from './get-partner-sso.ts';
import { partnerProvider } from './partner-provider.ts';
import { findSsoPartnerAtHost } from './scope.ts';
import { startPartnerLink } from './start-partner-link.ts';

export const PARTNER_SSO_UNAVAILABLE = 'Sign-in with this partner is not available here';

/** The partner's issuer, only on the partner's own brand host and only once its SSO is configured. */
async function providerFor(ctx: AppContext, request: FastifyRequest, slug: string) {
  const found = await findSsoPartnerAtHost(ctx.db, request.headers.host, slug);
  if (!found) throw notFound(PARTNER_SSO_UNAVAILABLE);
  return partnerProvider(found.partner, found.brand, ctx.config.oidcAllowLoopback);
}

/**
 * Partner CRM single sign-on (spec 1 §4 step 5): browser navigations like Google's, failures redirect
 * to the login page; and the partner admins' settings for it. Signing in never adds anyone to the
 * partner's team: membership is given by the team's admins only.
 */
export async function partnerSsoRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get(
    '/api/authn/oidc/partner/:slug/auth',
    {
      config: limit,
      schema: {
        tags: ['authn'],
        params: partnerSlugParams,
        querystring: authQuery,
        response: { 302: toIssuer },
      },
    },
    async (request, reply) => {
      const provider = await providerFor(ctx, request, request.params.slug);
      return redirectToIssuer(ctx, request, reply, provider, request.query.redirect ?? '/');
    },
  );

  app.get(
    '/api/authn/oidc/partner/:slug/callback',
    {
      config: { ...limit, ...WRITES },
      schema: { tags: ['authn'], params: partnerSlugParams, response: { 302: signedIn } },
    },
    async (request, reply) => {
      const provider = await providerFor(ctx, request, request.params.slug);
      return finishAtCallback(ctx, request, reply, provider);
    },
  );

  app.post(
    '/api/user/oidc/partner/:slug/link',
    {
      config: limit,
      schema: {
        tags: ['user'],
        params: partnerSlugParams,
        body: partnerLinkBody,
        response: { 200: partnerLinkResponse },
      },
    },
    async (request, reply) => {
      const actor = await authenticateUser(ctx, request);
      const found = await findSsoPartnerAtHost(ctx.db, request.headers.host, request.params.slug);
      if (!found) throw notFound(PARTNER_SSO_UNAVAILABLE);
      const url = await startPartnerLink({ ctx, reply, actor, found, redirect: request.body.redirect });
      return { url };
    },
  );

  const settings = { tags: ['user'], params: partnerSsoParams, response: { 200: partnerSsoView } };

  app.get('/api/user/partner/:partnerId/sso', { schema: settings }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return getPartnerSso({ tx: ctx.db, actor, partnerId: request.params.partnerId });
  });

  app.put(
    '/api/user/partner/:partnerId/sso',
    { schema: { ...settings, body: partnerSsoBody } },
    async (request) => {
      const actor = await authenticateUser(ctx, request);
      return configurePartnerSso({
        db: ctx.db,
        actor,
        partnerId: request.params.partnerId,
        input: request.body,
        ip: request.ip,
        allowLoopback: ctx.config.oidcAllowLoopback,
      });
    },
  );

  app.delete('/api/user/partner/:partnerId/sso', { schema: settings }, async (request) => {
    const actor = await authenticateUser(ctx, request);
    return ctx.db.transaction((tx) =>
      clearPartnerSso({ tx, actor, partnerId: request.params.partnerId, ip: request.ip }),
    );
  });
}
