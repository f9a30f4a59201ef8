import type { BrandView } from '@charter/domain';
import type { Brand } from './scope.ts';

/** Used when a brand names no support address of its own. */
export const FALLBACK_SUPPORT_EMAIL = 'support@charter.local';

/** The brand as GET /api/public/brand shows it; without any brand row, Charter's own. */
export function presentBrand(brand: Brand | null): BrandView {
  if (!brand) {
    return {
      hostname: 'localhost',
      support_email: FALLBACK_SUPPORT_EMAIL,
      display_name: 'Charter',
      legal_name: 'Charter',
      logo_url: null,
      web_base_url: '',
      assets: {},
    };
  }
  return {
    hostname: brand.hostname,
    support_email: brand.supportEmail ?? FALLBACK_SUPPORT_EMAIL,
    display_name: brand.displayName,
    legal_name: brand.legalName,
    logo_url: brand.logoUrl,
    web_base_url: brand.webBaseUrl,
    assets: brand.assets,
  };
}
