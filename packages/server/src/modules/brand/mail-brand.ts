import type { AppContext } from '../../context.ts';
import { findBrandForHost } from './scope.ts';

/** What an email needs of the brand the request came through: its name and where links point. */
export type MailBrand = { id: number | null; name: string; url: string };

export async function mailBrandFor(ctx: AppContext, host: string | undefined): Promise<MailBrand> {
  const brand = await findBrandForHost(ctx.db, host);
  // A partner brand's own web address wins; the default brand links to PUBLIC_URL.
  const url = brand && !brand.isDefault && brand.webBaseUrl ? brand.webBaseUrl : ctx.config.publicUrl;
  return { id: brand?.id ?? null, name: brand?.displayName ?? 'Charter', url: url.replace(/\/$/, '') };
}
