import { z } from 'zod';

/**
 * The live channel (spec 1, "Live channel"): a WebSocket at /api/ws?access_token=… carrying events to the
 * pages of one workspace. Each event carries the workspace's sequence number; a client that lost its
 * socket reconnects with `&since=` the last one it saw and first gets what it missed, in order.
 */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('console'), message: z.string() }),
  z.object({ type: z.literal('alert'), message: z.string() }),
  z.object({
    type: z.literal('toast'),
    toast: z.object({ type: z.enum(['success', 'error', 'info', 'warning']), message: z.string() }),
  }),
  z.object({ type: z.literal('refresh_documents') }),
  z.object({ type: z.literal('refresh_timeline'), transaction_id: z.number().int() }),
  /** The member's bell has new notices (sent only to the members told). */
  z.object({ type: z.literal('refresh_notices') }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

/** What the server sends on the socket. */
export const liveMessage = z.discriminatedUnion('kind', [
  /** Once, after the socket is accepted and anything missed was replayed: where the client now stands. */
  z.object({ kind: z.literal('hello'), seq: z.number().int() }),
  z.object({ kind: z.literal('event'), seq: z.number().int(), event: liveEvent }),
  /** More was missed than the server keeps: reload what the page shows, then carry on from `seq`. */
  z.object({ kind: z.literal('reset'), seq: z.number().int() }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** The socket's query: the access token (spec 1) and the last sequence number the client saw, if any. */
export const liveQuery = z.object({
  access_token: z.string().min(1),
  since: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** Refresh delays after an event (spec 1): task and home pages, dashboards. */
export const LIVE_REFRESH_DELAY_MS = { page: 3500, dashboard: 2000 } as const;
/** Events kept for a reconnecting client, per workspace. */
export const LIVE_REPLAY_LIMIT = 500;
