import { createContext, useContext } from 'react';

/** Used when the brand names no support email (spec §1). */
export const FALLBACK_SUPPORT_EMAIL = 'support@charter.app';
export const DEFAULT_DISPLAY_NAME = 'Charter';

export type BrandAssets = {
  thumbnail?: string | null;
  logo_white?: string | null;
  logo_with_paperos?: string | null;
  tos_label?: string | null;
  tos_link?: string | null;
  partner_slug?: string | null;
  account_business_type?: string | null;
  show_business_types?: boolean | null;
  hide_paperos?: boolean | null;
  thumbnail_white?: string | null;
  title?: string | null;
  stripe_domain?: string | null;
};

/** GET /api/public/brand */
export type Brand = {
  hostname: string;
  support_email: string | null;
  display_name: string | null;
  legal_name: string | null;
  logo_url: string | null;
  web_base_url: string | null;
  assets: BrandAssets | null;
};

export type BrandValue = {
  brand: Brand | null;
  isLoading: boolean;
  displayName: string;
  legalName: string;
  supportEmail: string;
  logoUrl: string | null;
  title: string;
  assets: BrandAssets;
};

export const BrandContext = createContext<BrandValue | null>(null);

export function brandValue(brand: Brand | null, isLoading = false): BrandValue {
  const displayName = brand?.display_name || DEFAULT_DISPLAY_NAME;
  return {
    brand,
    isLoading,
    displayName,
    legalName: brand?.legal_name || displayName,
    supportEmail: brand?.support_email || FALLBACK_SUPPORT_EMAIL,
    logoUrl: brand?.logo_url || null,
    title: brand?.assets?.title || displayName,
    assets: brand?.assets ?? {},
  };
}

export function useBrand(): BrandValue {
  return useContext(BrandContext) ?? brandValue(null);
}
