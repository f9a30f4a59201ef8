import { loadSealIdentity, type SealIdentity } from '../../adapters/signing/seal-identity.ts';
import type { AppContext } from '../../context.ts';

/** The seal identity, loaded once per server (generated on first use; the operator's .p12 read once). */
const identities = new WeakMap<AppContext, Promise<SealIdentity>>();

export function sealIdentityOf(ctx: AppContext) {
  let identity = identities.get(ctx);
  if (!identity) {
    identity = loadSealIdentity(ctx.db, ctx.config.signingP12, 'Charter document seal');
    // A failure is not kept: the next seal tries again.
    identity.catch(() => identities.delete(ctx));
    identities.set(ctx, identity);
  }
  return identity;
}
