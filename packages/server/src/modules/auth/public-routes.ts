import { checkPasswordStrength } from '@charter/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { type App, authRateLimit } from '../../http/types.ts';
import { mailBrandFor } from '../brand/mail-brand.ts';
import { findUserByEmail } from './find-user.ts';
import { forgotPassword, resetPassword } from './password-reset.ts';

export async function publicAuthRoutes(app: App, ctx: AppContext) {
  const limit = authRateLimit(ctx.config.authRateLimit);

  app.get(
    '/api/public/auth/email/:email',
    { config: limit, schema: { tags: ['public'], params: z.object({ email: z.string() }) } },
    async (request) => {
      const user = await findUserByEmail(ctx.db, decodeURIComponent(request.params.email));
      if (!user || user.disabledAt) throw notFound('No account uses this email address');
      return { password_allowed: user.passwordHash !== null, email_verified: user.emailVerifiedAt !== null };
    },
  );

  // Which sign-in buttons the login page shows.
  app.get('/api/public/auth/providers', { schema: { tags: ['public'] } }, async () => ({
    google: ctx.config.google !== null,
  }));

  app.get(
    '/api/public/auth/check-password',
    { config: limit, schema: { tags: ['public'] } },
    async (request) => {
      const header = request.headers.authorization ?? '';
      const decoded = header.startsWith('Basic ')
        ? Buffer.from(header.slice(6), 'base64').toString('utf8')
        : '';
      const password = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : decoded;
      return checkPasswordStrength(password);
    },
  );

  app.patch(
    '/api/public/user/password/forgot',
    { config: limit, schema: { tags: ['public'], body: z.object({ email: z.string() }) } },
    async (request) => forgotPassword(ctx, request.body.email, await mailBrandFor(ctx, request.headers.host)),
  );

  app.post(
    '/api/public/user/password/reset/',
    {
      config: limit,
      schema: { tags: ['public'], body: z.object({ code: z.string(), password: z.string() }) },
    },
    async (request) => resetPassword(ctx, request.body),
  );
}
