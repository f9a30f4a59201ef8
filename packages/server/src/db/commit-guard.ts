import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';
import type { DatabaseLog } from './postgres.ts';
import { isDatabaseUnavailable, markOutcome, outcomeOf } from './resilience.ts';
import { noteWrite } from './write-ledger.ts';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
type TransactionConfig = Parameters<Db['transaction']>[1];
type CommitStatus = 'committed' | 'aborted' | 'unknown';
type Held = { xid: string | null; pid: number; wrote: boolean; timeline: string; lsn: string };

/**
 * The transaction's id and server process, and whether it changed any table: this transaction's own
 * row counts (pg_stat_get_xact_*, under half a millisecond), asked only when it has an id at all. Also
 * where its server's history stands: its timeline (the first 8 hex digits of the current WAL file's
 * name; a promoted standby starts a new one) and the WAL position, which its writes lie before and its
 * COMMIT after.
 */
const heldSql = sql`select txid_current_if_assigned()::text as xid, pg_backend_pid() as pid,
  substr(pg_walfile_name(pg_current_wal_insert_lsn()), 1, 8) as timeline,
  pg_current_wal_insert_lsn()::text as lsn,
  case when txid_current_if_assigned() is null then false else exists (
    select 1 from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and pg_stat_get_xact_tuples_inserted(c.oid) + pg_stat_get_xact_tuples_updated(c.oid)
        + pg_stat_get_xact_tuples_deleted(c.oid) > 0
  ) end as wrote`;

/**
 * A write is never reported failed after it committed. When the connection drops while COMMIT is in
 * flight, its acknowledgement is lost but the transaction may well have committed. Each transaction
 * therefore notes its transaction id and server process just before COMMIT; if COMMIT then fails for a
 * lost connection, a fresh connection ends that server process if it is still holding the
 * transaction (so a COMMIT not yet read can no longer happen) and asks `txid_status` what became of
 * it: committed -> the request succeeds with the result it computed; aborted -> the error stands, and
 * is answered 503 (nothing was saved).
 *
 * After a failover the server that answers is a promoted standby, where the transaction id may since
 * have been given to another transaction (the standby never saw this one's records, so it hands the
 * same numbers out again): txid_status would answer for that one. So the check first asks which
 * timeline it reached. On the next timeline, a COMMIT lies after the position noted before it: if the
 * standby's recovery ended before that position the commit cannot be there (aborted); if it ended past
 * it, the standby replayed this transaction's writes, knows its id, and txid_status tells. Any other
 * history (timelines further apart, a server that never recovered) cannot be told: unknown.
 *
 * The remaining window: PostgreSQL stays unreachable for the whole check (three connect timeouts).
 * Then nobody can know, and the error is marked `unknown`: the request answers OUTCOME_UNKNOWN (500,
 * "may have been saved"), never 503, and nothing retries it. Read-only transactions (no id assigned)
 * have nothing to commit, so their result stands whatever happened to COMMIT. Nor do transactions that
 * only locked rows (SELECT … FOR UPDATE assigns an id too): they changed no table, so they neither count
 * as a write of the request (which would turn a later failure of the same request, one that saved
 * nothing, into OUTCOME_UNKNOWN) nor need the check.
 */
export function guardCommits(db: Db, pool: pg.Pool, checkWindowMs: number, log: DatabaseLog) {
  const transaction = db.transaction.bind(db);
  async function guarded<T>(work: (tx: Transaction) => Promise<T>, config?: TransactionConfig): Promise<T> {
    let committing = false;
    let held: Held = { xid: null, pid: 0, wrote: false, timeline: '', lsn: '' };
    let result: T | undefined;
    try {
      const value = await transaction(async (tx) => {
        result = await work(tx);
        const { rows } = await tx.execute<Held>(heldSql);
        held = rows[0] ?? held;
        committing = true;
        return result;
      }, config);
      if (held.wrote) noteWrite();
      return value;
    } catch (error) {
      // Before COMMIT was sent, any failure aborted the transaction (a write the work sent outside it, on
      // the pool, keeps its own outcome).
      if (!committing || !isDatabaseUnavailable(error)) {
        throw outcomeOf(error) === 'unknown' ? error : markOutcome(error, 'not-committed');
      }
      if (!held.xid || !held.wrote) return result as T;
      const status = await commitStatus(pool, held as Held & { xid: string }, checkWindowMs);
      if (status === 'committed') {
        noteWrite();
        log.warn({ xid: held.xid }, 'COMMIT acknowledgement lost; the transaction committed');
        return result as T;
      }
      if (status === 'aborted') throw markOutcome(error, 'not-committed');
      noteWrite();
      throw markOutcome(error, 'unknown');
    }
  }
  db.transaction = guarded as Db['transaction'];
}

async function commitStatus(
  pool: pg.Pool,
  { xid, pid, timeline, lsn }: Held & { xid: string },
  windowMs: number,
): Promise<CommitStatus> {
  const deadline = Date.now() + windowMs;
  // node-postgres reads query_timeout from a query's config too; its types only know the pool's.
  const query = (text: string, values: unknown[]): pg.QueryConfig =>
    ({ text, values, query_timeout: Math.max(deadline - Date.now(), 1) }) as pg.QueryConfig;
  while (Date.now() < deadline) {
    try {
      // A standby still in recovery has no timeline of its own yet (null): asked again.
      const { rows } = await pool.query<{ timeline: string | null; reached: boolean | null }>(
        query(
          `select case when pg_is_in_recovery() then null
             else substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8) end as timeline,
           pg_last_wal_replay_lsn() >= $1::pg_lsn as reached`,
          [lsn],
        ),
      );
      const now = rows[0];
      if (now?.timeline && now.timeline !== timeline) {
        if (Number.parseInt(now.timeline, 16) !== Number.parseInt(timeline, 16) + 1 || now.reached === null) {
          return 'unknown';
        }
        if (!now.reached) return 'aborted';
      }
      if (now?.timeline) {
        const status = await transactionStatus(pool, query, xid, now.timeline === timeline ? pid : null);
        if (status) return status;
      }
    } catch (error) {
      if (!isDatabaseUnavailable(error)) return 'unknown';
    }
    await sleep(100);
  }
  return 'unknown';
}

/**
 * txid_status on the server that now answers, once `pid` (the server process that held the transaction,
 * on the same server; null after a failover) can no longer send its COMMIT. Null while it is in progress.
 */
async function transactionStatus(
  pool: pg.Pool,
  query: (text: string, values: unknown[]) => pg.QueryConfig,
  xid: string,
  pid: number | null,
): Promise<'committed' | 'aborted' | null> {
  if (pid !== null) {
    try {
      // backend_xid is the 32-bit form of the transaction id: only that very transaction is ended.
      // Each query ends with the window: a server that hangs must not hold the check past it.
      await pool.query(
        query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where pid = $1 and backend_xid::text::bigint = $2::bigint % 4294967296`,
          [pid, xid],
        ),
      );
    } catch {
      // Unreachable (the status query below says so too) or not allowed: the status still tells.
    }
  }
  const { rows } = await pool.query<{ status: string | null }>(
    query('select txid_status($1::bigint) as status', [xid]),
  );
  const status = rows[0]?.status;
  // 'in progress': the old server process is still on its way out.
  return status === 'committed' || status === 'aborted' ? status : null;
}
