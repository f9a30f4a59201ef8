import type { Tx } from '../../db/client.ts';
import { findOwned } from '../../db/owned.ts';
import { sharedLinks } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a link made or renewed at `now` for `days` days stops working. */
export const sharedLinkExpiry = (days: number, now: Date) => new Date(now.getTime() + days * DAY_MS);

export type SharedLinkRow = typeof sharedLinks.$inferSelect;

/** A link of the actor's workspace: another workspace's link is simply not found. */
export const findSharedLink = (tx: Tx, actor: MemberActor, id: number, lock = false) =>
  findOwned(tx, sharedLinks, actor, id, { lock, what: 'Link not found' });
