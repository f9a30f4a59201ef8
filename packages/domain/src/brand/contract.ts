import { z } from 'zod';
import { validateEmail } from '../rules/email.ts';

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

export const BRAND_HOSTNAME_TAKEN = 'That hostname is already used by another brand.';
export const BRAND_HOSTNAME_INVALID = 'Enter a hostname such as app.example.com';
export const BRAND_URL_INVALID = 'Enter a web address starting with https://';

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const WEB_URL = /^https?:\/\/[^\s/?#]+\S*$/;
const required = (label: string) =>
  z.string().trim().min(1, `${label} required`).max(200, `${label} too long`);
/** Trimmed; empty is null. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * A brand as its forms send it: staff (POST and PUT /api/staff/brands) and a partner's admins (PUT
 * /api/user/partner/{id}/brand). Hostnames are lower-cased; a logo may be a path on this server.
 */
export const brandBody = z.object({
  hostname: z.string().trim().toLowerCase().regex(HOSTNAME, BRAND_HOSTNAME_INVALID),
  display_name: required('Display name'),
  legal_name: required('Legal name'),
  support_email: optional(254).refine(
    (v) => v === null || validateEmail(v) === null,
    'Invalid email address',
  ),
  logo_url: optional(2000).refine(
    (v) => v === null || WEB_URL.test(v) || /^\/[^/]/.test(v),
    BRAND_URL_INVALID,
  ),
  web_base_url: z
    .string()
    .trim()
    .max(2000)
    .regex(WEB_URL, BRAND_URL_INVALID)
    .transform((v) => v.replace(/\/$/, '')),
  assets: brandAssets.default({}),
});
export type BrandBody = z.input<typeof brandBody>;
