import { z } from 'zod';
import { idParams, MAX_INT32, rowIdParam } from '../contract/common.ts';
import { ROOM_HISTORY_ACTIONS, ROOM_HISTORY_SORTS, ROOM_USER_SORTS } from './constants.ts';

/**
 * A room's Settings & Sharing page (spec 3 §2 "Settings page", §3 Room user / stats / history entry /
 * access code): personal links, who visited, what they did, and what the owner learns from it.
 */

export const ROOM_SETTINGS_MESSAGES = {
  disconnected: 'User Disconnected',
  revoked: 'Room link revoked.',
  /** An entry removed from view: history is an audit trail, hidden and never erased. */
  historyHidden: 'History entry hidden.',
  visited: (name: string, room: string) => `${name} opened ${room}.`,
} as const;

/** Days the views-over-time chart covers. */
export const ROOM_ANALYTICS_DAYS = 30;
export const ROOM_HISTORY_PAGE = 50;
export const ROOM_USERS_PAGE = 50;

export const roomCodeParams = idParams.extend({ codeId: rowIdParam });
export const roomVisitorParams = idParams.extend({ visitorId: rowIdParam });
export const roomHistoryParams = idParams.extend({ historyId: rowIdParam });

/** POST …/room/{id}/code: share a personal link by email (spec 3 §5: a guest account is made if none). */
export const shareRoomLinkBody = z.object({
  identifier: z.object({ type: z.literal('email'), value: z.string().max(320) }),
});
export type ShareRoomLinkBody = z.infer<typeof shareRoomLinkBody>;

const person = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** A personal link: never its secret nor its hash. */
export const roomCodeView = z.object({
  id: z.number(),
  email: z.string(),
  user: person.nullable(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type RoomCodeView = z.infer<typeof roomCodeView>;

export const roomUserSort = z.enum(ROOM_USER_SORTS);
export type RoomUserSort = z.infer<typeof roomUserSort>;

export const roomStatsQuery = z.object({
  sort: roomUserSort.default('last-visited'),
  offset: z.coerce.number().int().min(0).max(MAX_INT32).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(ROOM_USERS_PAGE),
});

/** A room user (visitor): a signed-in user, an invited email, or the anonymous browsers. */
export const roomUserView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  user_id: z.number().nullable(),
  anonymous: z.boolean(),
  times_visited: z.number(),
  doc_interactions: z.number(),
  last_visited: z.string().nullable(),
  created_at: z.string(),
  disconnected_at: z.string().nullable(),
  invite_rights: z.boolean(),
});
export type RoomUserView = z.infer<typeof roomUserView>;

export const roomStatsResponse = z.object({
  total_visits: z.number(),
  total_interactions: z.number(),
  total_private_links: z.number(),
  users_total: z.number(),
  users: z.array(roomUserView),
});
export type RoomStats = z.infer<typeof roomStatsResponse>;

export const roomHistorySort = z.enum(ROOM_HISTORY_SORTS);
export type RoomHistorySort = z.infer<typeof roomHistorySort>;

/** Keyset paging: `cursor` is the previous page's `next_cursor`, opaque to the client. */
export const roomHistoryQuery = z.object({
  visitor_id: rowIdParam.optional(),
  sort: roomHistorySort.default('latest'),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(ROOM_HISTORY_PAGE),
  /** 1: hidden entries too (marked by hidden_at); by default the history leaves them out. */
  include_hidden: z.enum(['0', '1']).optional(),
});
export type RoomHistoryQuery = z.infer<typeof roomHistoryQuery>;

export const roomHistoryCsvQuery = roomHistoryQuery.omit({ cursor: true, limit: true });

export const roomHistoryEntryView = z.object({
  id: z.number(),
  action: z.enum(ROOM_HISTORY_ACTIONS),
  label: z.string(),
  sublabel: z.string(),
  file_id: z.number().nullable(),
  page: z.number().nullable(),
  seconds: z.number().nullable(),
  created_at: z.string(),
  user: z.object({ visitor_id: z.number(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** When an admin hid the entry (listed only with include_hidden=1). */
  hidden_at: z.string().nullable(),
});
export type RoomHistoryEntry = z.infer<typeof roomHistoryEntryView>;

export const roomHistoryResponse = z.object({
  entries: z.array(roomHistoryEntryView),
  next_cursor: z.string().nullable(),
});
export type RoomHistoryPage = z.infer<typeof roomHistoryResponse>;

/**
 * What the owner learns: visits per day (last 30 days, every day present), seconds per page per
 * document, and the share of each document's pages each visitor viewed. A document's page count is its
 * file's (read from its preview when a room first shows it); only for a file previewed before page counts
 * were kept, the highest page anyone viewed. Hidden history entries count for none of it.
 */
export const roomAnalyticsResponse = z.object({
  views_over_time: z.array(z.object({ day: z.string(), visits: z.number() })),
  time_per_page: z.array(
    z.object({ file_id: z.number(), label: z.string(), page: z.number(), seconds: z.number() }),
  ),
  completion: z.array(
    z.object({
      file_id: z.number(),
      label: z.string(),
      visitor_id: z.number(),
      name: z.string(),
      pages_viewed: z.number(),
      page_count: z.number(),
      share: z.number(),
    }),
  ),
});
export type RoomAnalytics = z.infer<typeof roomAnalyticsResponse>;
