import { z } from 'zod';
import { idParams } from '../contract/common.ts';

/**
 * Workspace members and the workspace's own profile (spec 1 §2 settings pages, §6, §7 "Profile, team,
 * partner"): request bodies, answers and messages, declared by the server's routes and used by the web app.
 */

export const WORKSPACE_ACCESS_LOST = 'You no longer have access to this workspace.';
export const ALREADY_MEMBER = 'This person is already a member of this workspace.';
export const OWNER_IS_ADMIN = 'The owner of a workspace is always an admin.';
export const OWNER_NOT_REMOVABLE =
  'The owner of a workspace cannot be removed. Make another member the owner first.';
export const LAST_ADMIN = 'A workspace needs at least one admin. Make another member an admin first.';
export const ONLY_OWNER_TRANSFERS = 'Only the owner of this workspace can make another member the owner.';
export const ALREADY_OWNER = 'This member already owns the workspace.';
export const MEMBER_NOT_FOUND = 'That person is not a member of this workspace.';
/** Ownership goes only to someone who opened the workspace: an unanswered invitation may reach no one. */
export const OWNER_NOT_JOINED =
  'Only a member who has joined the workspace can become its owner. This person has not accepted the invitation yet.';
export const MEMBER_ADDED = 'Member added.';
export const INVITATION_SENT = 'Invitation sent.';
export const MEMBER_REMOVED = 'Member removed.';
export const WORKSPACE_SAVED = 'Account Saved.';

export const userLimitMessage = (limit: number) =>
  `This workspace has reached its limit of ${limit} ${limit === 1 ? 'user' : 'users'}. Upgrade your plan to add more.`;

/** What the caller may do to one member, by the server's policy (the web app hides the rest). */
export const memberAbilities = z.object({
  change_role: z.boolean(),
  remove: z.boolean(),
  make_owner: z.boolean(),
  make_signatory: z.boolean(),
});
export type MemberAbilities = z.infer<typeof memberAbilities>;

/**
 * One member of the workspace. `pending`: added by someone else and has not proven their address yet; the
 * membership takes a seat but gives no access until they do. `accepted`: they have opened the workspace
 * themselves; until then the names are the ones the inviter typed (or empty), never their account's.
 * `suspended`: held back by the review of a taken-over account (no access until its owner keeps it).
 */
export const memberView = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  family_name: z.string(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  is_signatory: z.boolean(),
  filecabinet_access: z.boolean(),
  pending: z.boolean(),
  accepted: z.boolean(),
  suspended: z.boolean(),
  created_at: z.string(),
  abilities: memberAbilities,
});
export type MemberView = z.infer<typeof memberView>;

/** GET /api/account/admin/users */
export const membersList = z.object({
  users: z.array(memberView),
  user_limit: z.number(),
  count: z.number(),
  /** `invite`: may add people (admins, not staff acting as them); `manage`: may change members' roles and access. */
  abilities: z.object({ invite: z.boolean(), manage: z.boolean() }),
});
export type MembersList = z.infer<typeof membersList>;

/** POST /api/account/admin/add_user */
export const addUserBody = z.object({
  email: z.string().max(320),
  first_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  is_admin: z.boolean().optional(),
  filecabinet_access: z.boolean().optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;

/** The new member, and whether they were invited (a new person) or simply added (an existing user). */
export const addUserResponse = z.object({ user: memberView, invited: z.boolean(), message: z.string() });
export type AddUserResponse = z.infer<typeof addUserResponse>;

/** PATCH /api/account/admin/users/{id} */
export const updateMemberBody = z.object({
  is_admin: z.boolean().optional(),
  filecabinet_access: z.boolean().optional(),
});
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;

export const memberParams = idParams;

/** GET and PUT /api/account/admin/settings/profile */
export const workspaceProfile = z.object({
  id: z.number(),
  company_name: z.string(),
  logo_url: z.string().nullable(),
});
export type WorkspaceProfile = z.infer<typeof workspaceProfile>;

export const updateWorkspaceProfileBody = z.object({ company_name: z.string().max(200) });
export type UpdateWorkspaceProfileBody = z.infer<typeof updateWorkspaceProfileBody>;
