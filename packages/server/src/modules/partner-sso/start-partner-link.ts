import { PARTNER_LINK_TEAM_ONLY } from '@charter/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { brands } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, invalid } from '../../http/errors.ts';
import { OidcFailure } from '../oidc/oidc-failure.ts';
import { startLinking } from '../oidc/oidc-flow.ts';
import { isLocalPath } from '../oidc/routes.ts';
import { authorizeSignInChange } from '../profile/policies.ts';
import { partnerProvider } from './partner-provider.ts';
import { findPartnerMember, type PartnerRow } from './scope.ts';

/**
 * POST /api/user/oidc/partner/{slug}/link: one of the partner's own people (on its brand's host) links
 * their account to the partner's CRM sign-in, which then signs them in by that identity. How a user signs in
 * is theirs alone: never staff acting as them. The issuer's answer comes back to the callback with this
 * session's cookie (link-identity.ts).
 */
export async function startPartnerLink(input: {
  ctx: AppContext;
  reply: FastifyReply;
  actor: UserActor;
  found: { partner: PartnerRow; brand: typeof brands.$inferSelect };
  redirect: string;
}) {
  const { ctx, actor, found } = input;
  authorizeSignInChange(actor);
  if (!isLocalPath(input.redirect)) throw invalid({ redirect: 'Redirect must be a path on this site' });
  if (!(await findPartnerMember(ctx.db, found.partner.id, actor.userId))) {
    throw new AppError('FORBIDDEN', PARTNER_LINK_TEAM_ONLY);
  }
  const provider = partnerProvider(found.partner, found.brand, ctx.config.oidcAllowLoopback);
  try {
    return await startLinking(ctx, input.reply, provider, input.redirect, {
      userId: actor.userId,
      sessionId: actor.sessionId,
    });
  } catch (error) {
    if (error instanceof OidcFailure)
      throw new AppError('SSO_UNAVAILABLE', 'The sign-in service cannot be reached.');
    throw error;
  }
}
