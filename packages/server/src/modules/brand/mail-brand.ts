import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type Brand, findBrandForHost, findBrandOfAccount } from './scope.ts';

/** What an email needs of the brand the request came through: its name and where links point. */
export type MailBrand = { id: number | null; name: string; url: string };

function mailBrand(ctx: AppContext, brand: Brand | null): MailBrand {
  // A partner brand's own web address wins; the default brand links to PUBLIC_URL.
  const url = brand && !brand.isDefault && brand.webBaseUrl ? brand.webBaseUrl : ctx.config.publicUrl;
  return { id: brand?.id ?? null, name: brand?.displayName ?? 'Charter', url: url.replace(/\/$/, '') };
}

export async function mailBrandFor(ctx: AppContext, host: string | undefined): Promise<MailBrand> {
  return mailBrand(ctx, await findBrandForHost(ctx.db, host));
}

/**
 * The brand a workspace was made under (else the default brand), for mail sent with no request to read
 * a Host from: reminders and sweeps.
 */
export async function mailBrandOfAccount(ctx: AppContext, tx: Tx, accountId: number): Promise<MailBrand> {
  return mailBrand(ctx, await findBrandOfAccount(tx, accountId));
}
