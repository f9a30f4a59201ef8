import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { sha256 } from '../adapters/secrets.ts';
import type { AppContext } from '../context.ts';
import { auditLog, sessions } from '../db/schema/index.ts';
import { SESSION_COOKIE } from '../modules/auth/session-store.ts';
import type { App } from './types.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Impersonation = { userId: number; impersonatorId: number; accountId: number | null };

/** The session a cookie names, revoked or not (a logout is audited too), if its secret matches. */
async function sessionOfCookie(ctx: AppContext, cookie: string) {
  const [id, secret] = cookie.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row && row.secretHash === sha256(secret) ? row : null;
}

/**
 * Who stands behind a request made in a remote-login session. Tokens say it in their claims (checked
 * against the signature only when they claim an impersonator, so other writes cost nothing); a cookie
 * names the session.
 */
async function impersonationOf(ctx: AppContext, request: FastifyRequest): Promise<Impersonation | null> {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    let typ: unknown;
    let impersonator: unknown;
    try {
      ({ typ, impersonator_id: impersonator } = decodeJwt(token));
    } catch {
      return null;
    }
    if (typeof impersonator !== 'number' || (typ !== 'id' && typ !== 'access')) return null;
    // Expired or revoked tokens are still the staff member's attempt; a forged one is nobody's.
    const claims = await ctx.tokens
      .verify(token, typ)
      .catch((error: { code?: string }) => (error.code === 'TOKEN_EXPIRED_ERROR' ? decodeJwt(token) : null));
    if (!claims) return null;
    return {
      userId: Number(claims.sub),
      impersonatorId: impersonator,
      accountId: typ === 'access' ? Number(claims.account_id) : null,
    };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (header || !cookie) return null;
  const session = await sessionOfCookie(ctx, cookie);
  if (!session?.impersonatorId) return null;
  return {
    userId: session.userId,
    impersonatorId: session.impersonatorId,
    accountId: session.boundAccountId,
  };
}

/** The ids a request names: its path parameters, and `id` / `…_id` / `…_ids` fields of its query and body. */
function targetIds(request: FastifyRequest) {
  const ids: Record<string, unknown> = { ...(request.params as Record<string, unknown>) };
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [key, value] of Object.entries(source)) {
      if (key === 'id' || key.endsWith('_id') || key.endsWith('_ids')) ids[key] = value;
    }
  }
  return ids;
}

async function audit(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const who = await impersonationOf(ctx, request);
  if (!who) return;
  await ctx.db.insert(auditLog).values({
    action: 'impersonated_request',
    actorUserId: who.userId,
    impersonatorId: who.impersonatorId,
    accountId: who.accountId,
    target: {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0],
      ids: targetIds(request),
      status: reply.statusCode,
    },
    ip: request.ip,
  });
}

/**
 * Every write made in a remote-login session leaves an audit row naming the user and the staff member
 * acting as them, with the method, route, ids, outcome and address (remote login itself writes its own).
 * Written before the reply leaves, so the client never sees an action its audit row could still miss.
 */
export function installStaffAudit(app: App, ctx: AppContext) {
  // Callback-style: reads, most requests, pass without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!WRITE_METHODS.has(request.method)) return done(null, payload);
    audit(ctx, request, reply)
      .catch((err: unknown) => request.log.error({ err }, 'could not write the audit row of a staff action'))
      .then(() => done(null, payload));
  });
}
