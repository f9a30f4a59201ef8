import { z } from 'zod';
import { brandAssets, brandBody } from '../brand/contract.ts';
import { rowIdParam } from '../contract/common.ts';

/**
 * Partner teams (spec 1 §2 Teams, §3 Partner and Profile, §6, §7 "Profile, team, partner"): a partner
 * firm's people (role_id), its client workspaces connected by code, and its brand.
 */

/** A partner member's role_id; changed by the team's other admins (spec 1 §6). */
export const PARTNER_ROLE = { ADMIN: 1, MEMBER: 2 } as const;
export type PartnerRoleId = (typeof PARTNER_ROLE)[keyof typeof PARTNER_ROLE];
export const PARTNER_ROLE_LABELS: Record<PartnerRoleId, string> = { 1: 'Admin', 2: 'Member' };
export const partnerRoleId = z.union([z.literal(PARTNER_ROLE.ADMIN), z.literal(PARTNER_ROLE.MEMBER)]);

/** Messages of the rules; the web shows them as error notices (spec 1 §8 "Team and partner failures"). */
export const PARTNER_CODE_UNKNOWN = 'No partner has that code.';
export const PARTNER_ADMIN_ONLY = 'Only an admin of this team can do that.';
export const PARTNER_OWN_ROLE = 'You cannot change your own role.';
export const PARTNER_LAST_ADMIN = 'A team needs at least one admin.';
export const PARTNER_ALREADY_MEMBER = 'That person is already a member of this team.';
export const PARTNER_CONNECT_RESTRICTED = 'This workspace cannot be connected to a partner.';

/** `{ partnerId }` and `{ partnerId, userId }` / `{ partnerId, accountId }` path parameters. */
export const partnerParams = z.object({ partnerId: rowIdParam });
export const partnerMemberParams = z.object({ partnerId: rowIdParam, userId: rowIdParam });
export const partnerAccountParams = z.object({ partnerId: rowIdParam, accountId: rowIdParam });
/** A connect code as a client types it: letters, digits and dashes. */
export const partnerCodeParams = z.object({ code: z.string().min(1).max(64) });

/** '0'/'false' leaves a part out; anything else (or nothing) includes it. */
const include = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v !== '0' && v !== 'false');

/** GET /api/user/team{query}: members, packages and accounts are included unless turned off (spec 1 §3). */
export const teamQuery = z.object({ members: include, packages: include, accounts: include });
export type TeamQuery = z.input<typeof teamQuery>;

/** POST /api/user/partner/add_member/{partnerId} */
export const addPartnerMemberBody = z.object({
  email: z.string().max(254),
  first_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  role_id: partnerRoleId.optional(),
});
export type AddPartnerMemberBody = z.infer<typeof addPartnerMemberBody>;

/** PUT /api/user/partner/{partnerId}/{userId} */
export const changePartnerRoleBody = z.object({ role_id: partnerRoleId });
export type ChangePartnerRoleBody = z.infer<typeof changePartnerRoleBody>;

export const partnerMemberAbilities = z.object({ change_role: z.boolean(), remove: z.boolean() });

export const partnerMemberView = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role_id: z.number(),
  abilities: partnerMemberAbilities,
});
export type PartnerMemberView = z.infer<typeof partnerMemberView>;

/** A client workspace of the team, with when it was connected. */
export const partnerClientView = z.object({ id: z.number(), name: z.string(), connected_at: z.string() });
export type PartnerClientView = z.infer<typeof partnerClientView>;

export const teamAbilities = z.object({
  manage_members: z.boolean(),
  manage_accounts: z.boolean(),
  manage_brand: z.boolean(),
});

/** One of the user's partner teams. Parts left out by the query are absent. */
export const teamView = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** What a client enters on its Workspace Partners page to connect. */
  code: z.string(),
  /** The signed-in user's role in this team. */
  role_id: z.number(),
  abilities: teamAbilities,
  members: z.array(partnerMemberView).optional(),
  /** Service packages: not offered yet, always empty. */
  packages: z.array(z.never()).optional(),
  accounts: z.array(partnerClientView).optional(),
});
export type TeamView = z.infer<typeof teamView>;

/** GET /api/public/partner/code/{code}: only the name, so a code reveals nothing else. */
export const partnerCodeView = z.object({ name: z.string() });
export type PartnerCodeView = z.infer<typeof partnerCodeView>;

/** A partner connected to the workspace (GET /api/account/partner; spec 1 §3 Partner): billing reads it. */
export const connectedPartnerView = z.object({
  partner_id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** The code the workspace connected with (what Disconnect sends back): for its admins only, else null. */
  code: z.string().nullable(),
  partner_covers_credits: z.boolean(),
  partner_covers_fees: z.boolean(),
  partner_excludes_fees: z.boolean(),
  stripe_domain: z.string().nullable(),
  connected_at: z.string(),
});
export type ConnectedPartnerView = z.infer<typeof connectedPartnerView>;

/** POST /api/account/admin/partner/{code} */
export const partnerConnectedResponse = z.object({ message: z.string(), partner: connectedPartnerView });

/** GET and PUT /api/user/partner/{partnerId}/brand: the partner's own brand, answered by its Host. */

/**
 * What a partner's admins change of their brand: its name, logo, support address and assets. Its hostname
 * and web address are staff's (emailed links point there: no partner may aim them at a domain of its own).
 */
export const partnerBrandBody = brandBody.omit({ hostname: true, web_base_url: true });
export type PartnerBrandBody = z.input<typeof partnerBrandBody>;
export const PARTNER_BRAND_NOT_SET_UP =
  'Your brand is set up by our support team, who connect its web address. Please contact support.';

export const partnerBrandView = z.object({
  brand: z
    .object({
      hostname: z.string(),
      display_name: z.string(),
      legal_name: z.string(),
      logo_url: z.string().nullable(),
      support_email: z.string().nullable(),
      web_base_url: z.string(),
      assets: brandAssets,
    })
    .nullable(),
});
export type PartnerBrandView = z.infer<typeof partnerBrandView>;

/** Profile parts (GET /api/user/settings/profile). */
export const profilePartnerView = z.object({
  partner_id: z.number(),
  name: z.string(),
  slug: z.string(),
  role_id: z.number(),
});
export const profileTeamView = z.object({ id: z.number(), name: z.string(), role_id: z.number() });
/** A partner's person serving one of the user's workspaces. */
export const profileCounselView = z.object({
  user_id: z.number(),
  full_name: z.string(),
  email: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
});
export type ProfilePartnerView = z.infer<typeof profilePartnerView>;
export type ProfileTeamView = z.infer<typeof profileTeamView>;
export type ProfileCounselView = z.infer<typeof profileCounselView>;

/** GET /api/account/counsel: a connected partner and its people, who can hold workflow roles. */
export const counselPartnerOption = z.object({
  id: z.number(),
  name: z.string(),
  users: z.array(z.object({ id: z.number(), full_name: z.string(), email: z.string() })),
});
export type CounselPartnerOption = z.infer<typeof counselPartnerOption>;
