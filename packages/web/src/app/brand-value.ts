import type { BrandAssets, BrandView } from '@charter/domain';
import { createContext, useContext } from 'react';

/** Used when the brand names no support email (spec §1). */
export const FALLBACK_SUPPORT_EMAIL = 'support@charter.app';
export const DEFAULT_DISPLAY_NAME = 'Charter';

export type { BrandAssets } from '@charter/domain';

/** GET /api/public/brand */
export type Brand = BrandView;

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
