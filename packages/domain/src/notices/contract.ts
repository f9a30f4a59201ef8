import { z } from 'zod';
import { rowIdParam } from '../contract/common.ts';

/**
 * The bell's notices (spec 1 §3 Notice: type, message, created_at): outside activity on what a member
 * owns, kept until read, where the toast that also announces it passes.
 */
export const NOTICE_KINDS = ['form_submitted', 'room_visited', 'signing_completed'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_MESSAGES = {
  formSubmitted: (form: string) => `Shared form "${form}" was submitted.`,
  roomVisited: (name: string, room: string) => `${name} visited ${room} for the first time.`,
  signingCompleted: (document: string) => `${document} is signed by everyone.`,
} as const;

/** GET /api/account/notice: newest first, a page at a time (before = the last id seen). */
export const noticePageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: rowIdParam.optional(),
});
export type NoticePageQuery = z.infer<typeof noticePageQuery>;

export const noticeView = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  message: z.string(),
  /** Where it leads inside the workspace ('rooms/4': the web app adds /c/{companyId}/), or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NoticeView = z.infer<typeof noticeView>;

export const noticeList = z.object({
  notices: z.array(noticeView),
  /** All of the member's unread notices in this workspace, not only this page's. */
  unread: z.number(),
});
export type NoticeList = z.infer<typeof noticeList>;
