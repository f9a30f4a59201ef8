import { LIVE_REPLAY_LIMIT, type LiveMessage } from '@charter/domain';
import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.ts';
import { accounts, liveEvents, memberships, sessions, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { canReceive, type LiveViewer, viewerOfMembership } from './policies.ts';

/** Close codes the web app reads: sign in again, or reconnect later. */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_SLOW = 4408;
/** A sign-in holds at most this many sockets on an instance (tabs of one browser); more are refused. */
export const MAX_SOCKETS_PER_SESSION = 20;
export const CLOSE_TOO_MANY = 4429;
/** A socket that has this much unsent is too slow to follow: it is closed and may reconnect with since=. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const PING_MS = 30_000;
/** Events are kept this long for clients that reconnect (and at most LIVE_REPLAY_LIMIT are replayed). */
const KEEP_MS = 2 * 86_400_000;

type Client = {
  ws: WebSocket;
  accountId: number;
  sessionId: string;
  viewer: LiveViewer;
  /** The last sequence number this socket was sent or skipped. */
  seq: number;
  alive: boolean;
};

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const viewerOf = (actor: MemberActor): LiveViewer => ({
  userId: actor.userId,
  isAdmin: actor.isAdmin,
  restricted: actor.restricted,
  cabinet: actor.membership.filecabinetAccess && !actor.restricted,
});

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The sockets of this instance, by workspace. Events are read from live_events when the database
 * announces them (LISTEN/NOTIFY), and each is sent only to the sockets whose member may see it, checked
 * when it is sent. One queue per workspace keeps a socket's replay and live events in order.
 */
export function createLiveHub({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const byAccount = new Map<number, Set<Client>>();
  const queues = new Map<number, Promise<void>>();
  let recheck: NodeJS.Timeout | null = null;
  let again = false;
  let changes = 0;

  function enqueue(accountId: number, work: () => Promise<void>) {
    const next = (queues.get(accountId) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => log.warn({ err }, 'live channel delivery failed'));
    queues.set(accountId, next);
    next.then(() => {
      if (queues.get(accountId) === next) queues.delete(accountId);
    });
    return next;
  }

  function send(client: Client, message: LiveMessage) {
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.ws.close(CLOSE_TOO_SLOW, 'Too far behind; reconnect');
      return;
    }
    client.ws.send(JSON.stringify(message));
  }

  function sendEvents(client: Client, rows: (typeof liveEvents.$inferSelect)[]) {
    for (const row of rows) {
      if (row.seq <= client.seq) continue;
      client.seq = row.seq;
      if (canReceive(client.viewer, row.audience))
        send(client, { kind: 'event', seq: row.seq, event: row.event });
    }
  }

  /** Sends the workspace's sockets the events they have not had yet. */
  function deliver(accountId: number) {
    return enqueue(accountId, async () => {
      const clients = byAccount.get(accountId);
      if (!clients?.size) return;
      // One transaction may publish more than a page of events under a single NOTIFY: read on.
      for (;;) {
        const from = Math.min(...[...clients].map((c) => c.seq));
        const rows = await db
          .select()
          .from(liveEvents)
          .where(and(eq(liveEvents.accountId, accountId), gt(liveEvents.seq, from)))
          .orderBy(asc(liveEvents.seq))
          .limit(LIVE_REPLAY_LIMIT);
        for (const client of clients) sendEvents(client, rows);
        if (rows.length < LIVE_REPLAY_LIMIT || clients.size === 0) return;
      }
    });
  }

  function detach(client: Client) {
    const clients = byAccount.get(client.accountId);
    clients?.delete(client);
    if (clients?.size === 0) byAccount.delete(client.accountId);
  }

  /**
   * A socket of a member: what it missed since `since` first (or a reset), then a hello, then live.
   * `changesSeen` is changeCount when its token was checked: a sign-in change since then is checked
   * again once the socket is in place, so a session ended meanwhile cannot keep it.
   */
  function attach(ws: WebSocket, actor: MemberActor, since: number | undefined, changesSeen: number) {
    const client: Client = {
      ws,
      accountId: actor.accountId,
      sessionId: actor.sessionId,
      viewer: viewerOf(actor),
      seq: 0,
      alive: true,
    };
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('close', () => detach(client));
    ws.on('error', () => detach(client));
    // Nothing is expected from the client; a message is not an error, just ignored.
    const work = enqueue(actor.accountId, async () => {
      const [account] = await db
        .select({ seq: accounts.liveSeq })
        .from(accounts)
        .where(eq(accounts.id, actor.accountId));
      const latest = account?.seq ?? 0;
      if (since !== undefined && since < latest) {
        const missed = await db
          .select()
          .from(liveEvents)
          .where(
            and(
              eq(liveEvents.accountId, actor.accountId),
              gt(liveEvents.seq, since),
              lte(liveEvents.seq, latest),
            ),
          )
          .orderBy(asc(liveEvents.seq))
          .limit(LIVE_REPLAY_LIMIT + 1);
        const complete = missed.length === latest - since && missed.length <= LIVE_REPLAY_LIMIT;
        if (complete) {
          client.seq = since;
          sendEvents(client, missed);
        } else {
          send(client, { kind: 'reset', seq: latest });
        }
      }
      client.seq = latest;
      if (ws.readyState !== ws.OPEN) return;
      const clients = byAccount.get(actor.accountId) ?? new Set<Client>();
      const ofSession = [...clients].filter((c) => c.sessionId === actor.sessionId).length;
      if (ofSession >= MAX_SOCKETS_PER_SESSION) {
        attached = true;
        ws.close(CLOSE_TOO_MANY, 'Too many connections');
        return;
      }
      send(client, { kind: 'hello', seq: latest });
      clients.add(client);
      byAccount.set(actor.accountId, clients);
      attached = true;
      if (changes !== changesSeen) hub.recheckSessions();
    });
    let attached = false;
    // A socket that could not be set up (the database away) is closed, so the client retries.
    return work.then(() => {
      if (!attached && ws.readyState === ws.OPEN) ws.close(1011, 'Try again');
    });
  }

  /**
   * Every socket's session and membership checked again, in one query for all of them: ended ones
   * close, changed rights apply.
   */
  async function checkSessions() {
    const clients = [...byAccount.values()].flatMap((set) => [...set]);
    if (clients.length === 0) return;
    const ids = [...new Set(clients.map((c) => c.sessionId))];
    const rows = (await Promise.all(chunks(ids, 5000).map((some) => liveMemberships(some)))).flat();
    if (rows.some((r) => r === null)) return; // the database is away: checked again after the next change
    const live = new Map(rows.map((r) => [`${r!.sessionId}:${r!.accountId}`, r!]));
    for (const client of clients) {
      const row = live.get(`${client.sessionId}:${client.accountId}`);
      if (!row) {
        client.ws.close(CLOSE_SESSION_ENDED, 'Session ended');
        detach(client);
        continue;
      }
      client.viewer = viewerOfMembership(row);
    }
  }

  /** The live sessions among `ids` with their memberships; [null] when the database cannot say. */
  function liveMemberships(ids: string[]) {
    return db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        accountId: memberships.accountId,
        isAdmin: memberships.isAdmin,
        roleId: accounts.roleId,
        filecabinetAccess: memberships.filecabinetAccess,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.disabledAt)))
      .innerJoin(memberships, and(eq(memberships.userId, users.id), activeMembership))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .catch(() => [null]);
  }

  const ping = setInterval(() => {
    for (const clients of byAccount.values()) {
      for (const client of clients) {
        if (!client.alive) {
          client.ws.terminate();
          detach(client);
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
    }
  }, PING_MS);
  ping.unref();
  const prune = setInterval(
    () =>
      db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, sql`now() - make_interval(secs => ${KEEP_MS / 1000})`))
        .catch(() => undefined),
    3_600_000,
  );
  prune.unref();

  const hub = {
    attach,
    deliver,
    /** After a lost notification channel: whatever was announced meanwhile. */
    deliverAll() {
      for (const accountId of byAccount.keys()) deliver(accountId);
    },
    /**
     * A sign-in or membership may have changed (any write clears the auth caches): sessions are checked
     * again shortly, once for a burst of writes.
     */
    recheckSessions() {
      changes++;
      if (byAccount.size === 0) return;
      if (recheck) {
        again = true; // a change during a check is checked after it
        return;
      }
      const run = () => {
        again = false;
        checkSessions().finally(() => {
          recheck = again ? setTimeout(run, 200) : null;
        });
      };
      recheck = setTimeout(run, 200);
    },
    /** How many sign-in changes there have been (see attach). */
    get changeCount() {
      return changes;
    },
    get socketCount() {
      let count = 0;
      for (const clients of byAccount.values()) count += clients.size;
      return count;
    },
    async close() {
      clearInterval(ping);
      clearInterval(prune);
      if (recheck) clearTimeout(recheck);
      for (const clients of byAccount.values()) for (const client of clients) client.ws.terminate();
      byAccount.clear();
      await Promise.all(queues.values());
    },
  };
  return hub;
}
