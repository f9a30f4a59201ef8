import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';

/** Sign-in with Google (or any OIDC issuer set by OIDC_ISSUER). */
export async function oidcRoutes(_app: App, _ctx: AppContext) {}
