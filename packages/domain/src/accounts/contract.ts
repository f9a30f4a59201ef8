import { z } from 'zod';
import { int32, rowIdParam } from '../contract/common.ts';

/**
 * The accounts (workspaces) area of the API: request bodies and the exact shape of every answer. The
 * server declares these on its routes (validated on the way in and out, listed in /api/docs) and the
 * web app imports the inferred types.
 */

export const feature = z.object({ feature_type_id: int32, value: z.string().max(200) });
export type Feature = z.infer<typeof feature>;

/** POST /api/user/accounts */
export const newAccountBody = z.object({
  company_name: z.string().max(200),
  features: z.array(feature).max(20).optional(),
});
export type NewAccountBody = z.infer<typeof newAccountBody>;
export const newAccountResponse = z.object({ account_id: z.number() });

/** POST and DELETE /api/user/accounts/{id}/preference */
export const accountParams = z.object({ id: rowIdParam });

/** One workspace of the user (GET /api/user/accounts) or the current one (GET /api/account/me). */
export const accountView = z.object({
  id: z.number(),
  name: z.string(),
  company_name: z.string(),
  role_id: z.number(),
  account_group: z.string().nullable(),
  account_order: z.number(),
  is_admin: z.boolean(),
  preferred: z.boolean(),
  logo_url: z.string().nullable(),
  user_limit: z.number(),
  hide_powered_by: z.boolean(),
  features: z.array(feature),
  created_at: z.string(),
});
export type AccountView = z.infer<typeof accountView>;

/** What the shell offers in the workspace, by the server's policies (spec 1 §6). */
export const accountAbilities = z.object({
  manage_settings: z.boolean(),
  filecabinet: z.boolean(),
  reports: z.boolean(),
  rooms: z.boolean(),
});
export type AccountAbilities = z.infer<typeof accountAbilities>;

/** GET /api/account/me */
export const accountMe = z.object({
  account: accountView,
  user: z.object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    family_name: z.string(),
    is_admin: z.boolean(),
    filecabinet_access: z.boolean(),
    impersonator_id: z.number().nullable(),
  }),
  abilities: accountAbilities,
  /**
   * The plan names of the workspace's active subscriptions, newest first, as billing names them (the user
   * menu's list, spec 1 §2; empty when there is none, which the menu shows as 'Free Basic').
   */
  subscriptions: z.array(z.string()),
});
export type AccountMe = z.infer<typeof accountMe>;
