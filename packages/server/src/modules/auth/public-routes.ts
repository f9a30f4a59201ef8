import {
  authProviders,
  checkPasswordStrength,
  emailCheck,
  emailParams,
  forgotPasswordBody,
  messageResponse,
  passwordStrength,
  resetPasswordBody,
  resetPasswordResponse,
} from '@charter/domain';
import type { AppContext } from '../../context.ts';
import { clientInfo, setSessionCookie } from '../../http/request-info.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { partnerSignInButtonOf } from '../partner-sso/partner-provider.ts';
import { findSsoPartnerAtHost } from '../partner-sso/scope.ts';
import { basicAuthPassword } from './basic-auth.ts';
import { checkEmail } from './check-email.ts';
import { resetPassword } from './reset-password.ts';
import { startPasswordReset } from './start-password-reset.ts';

export async function publicAuthRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get(
    '/api/public/auth/email/:email',
    {
      config: limit,
      schema: { tags: ['public'], params: emailParams, response: { 200: emailCheck } },
    },
    async (request) => {
      // The router has already decoded the path once; decoding again broke on a '%' in the address.
      return checkEmail({ tx: ctx.db, email: request.params.email });
    },
  );

  // Which sign-in buttons the login page shows: a partner's only on its own brand's host.
  app.get(
    '/api/public/auth/providers',
    { schema: { tags: ['public'], response: { 200: authProviders } } },
    async (request) => {
      const sso = await findSsoPartnerAtHost(ctx.db, request.headers.host);
      return {
        google: ctx.config.google !== null,
        ...(sso ? { partner: partnerSignInButtonOf(sso.partner) } : {}),
      };
    },
  );

  app.get(
    '/api/public/auth/check-password',
    { config: limit, schema: { tags: ['public'], response: { 200: passwordStrength } } },
    async (request) => checkPasswordStrength(basicAuthPassword(request.headers.authorization)),
  );

  app.patch(
    '/api/public/user/password/forgot',
    {
      config: limit,
      schema: { tags: ['public'], body: forgotPasswordBody, response: { 200: messageResponse } },
    },
    async (request) =>
      startPasswordReset({
        ctx,
        email: request.body.email,
        brand: await mailBrandFor(ctx, request.headers.host),
      }),
  );

  app.post(
    '/api/public/user/password/reset/',
    {
      config: limit,
      schema: { tags: ['public'], body: resetPasswordBody, response: { 200: resetPasswordResponse } },
    },
    async (request, reply) => {
      const { cookie, ...answer } = await resetPassword({ ctx, ...request.body, ...clientInfo(request) });
      if (cookie) setSessionCookie(ctx, reply, cookie);
      return answer;
    },
  );
}
