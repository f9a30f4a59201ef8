import { z } from 'zod';

/** What a partner brand changes in the client (spec 1 §1); each one is optional. */
export const brandAssets = z.object({
  thumbnail: z.string().nullish(),
  logo_white: z.string().nullish(),
  logo_with_paperos: z.string().nullish(),
  tos_label: z.string().nullish(),
  tos_link: z.string().nullish(),
  partner_slug: z.string().nullish(),
  account_business_type: z.string().nullish(),
  show_business_types: z.boolean().nullish(),
  hide_paperos: z.boolean().nullish(),
  thumbnail_white: z.string().nullish(),
  title: z.string().nullish(),
  stripe_domain: z.string().nullish(),
});
export type BrandAssets = z.infer<typeof brandAssets>;

/** GET /api/public/brand: the brand of the request's host, else the default one. */
export const brandView = z.object({
  hostname: z.string(),
  support_email: z.string(),
  display_name: z.string(),
  legal_name: z.string(),
  logo_url: z.string().nullable(),
  web_base_url: z.string(),
  assets: brandAssets,
});
export type BrandView = z.infer<typeof brandView>;
