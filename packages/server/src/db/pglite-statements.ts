import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Named prepared statements for the embedded database. PGlite sends every query as an unnamed
 * statement in six calls into WebAssembly (parse, describe, bind, describe, execute, sync), so
 * PostgreSQL parses and plans it every time: for our short indexed queries that is three quarters of
 * their cost (a workspace lookup 0.30 -> 0.08 ms, a questionnaire with its answers 1.0 -> 0.18 ms).
 * Here each distinct SQL text is parsed once as a named statement, then bound and executed in one
 * call; PostgreSQL keeps its plan (generic after five runs, as any prepared statement).
 *
 * Only plain DML (select, insert, update, delete, with) takes this path, with PGlite's own locks,
 * serializers and result parser; anything else (BEGIN, SAVEPOINT, DDL, COPY with blobs) goes through
 * PGlite unchanged. Drizzle is given the wrapped instance; everything else keeps the raw one.
 */

const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Distinct SQL texts kept (lists of n ids make one text per n); past it, all are closed and forgotten. */
const MAX_STATEMENTS = 2000;
/** "cached plan must not change result type": the statement predates a change to its tables. */
const STALE = '0A000';

/** Statements that only read: anything else (DML, DDL, exec'd scripts) counts as a write. */
const READ = /^\s*select\b/i;
/**
 * What a wrapped instance and its transactions answer for this key: a number of their own in this process
 * (their writes move writeEpoch(); what was read from one instance is not another's).
 */
export const INSTANCE_ID = Symbol('embedded database instance');
let instances = 0;

let epoch = 0;
/**
 * Moves on every write statement through a wrapped instance and when a transaction that wrote ends (so a
 * rolled-back write moves it too). The embedded database belongs to one process, whose statements all
 * pass here, and PGlite runs one transaction at a time: a value read unchanged since `writeEpoch()` was
 * some number is unchanged in the database too. Shared by every instance of the process (a write to any
 * moves it: never wrong, only sometimes a needless check).
 */
export const writeEpoch = () => epoch;

/** A write moves the epoch when it is sent and again when it is done (it may wait for another's lock). */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  epoch++;
  try {
    return await write();
  } finally {
    epoch++;
  }
}

/**
 * A prepared statement: its parameters' types and, for one that returns rows, the RowDescription its
 * Describe answered. Binding a named statement's parameters changes neither the columns nor (in text
 * format, the only one used) their formats, so each run omits Describe and its results are parsed with
 * the kept message: a RowDescription names every column and is parsed string by string, for as much as a
 * short select's rows themselves. A change to a table that changes the columns fails the run (STALE), which
 * prepares it again.
 */
type Statement = { name: string; paramTypes: number[]; rowDescription: BackendMessage | null };
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type QueryFn = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** PGlite's locks: one statement at a time, and no statement between another caller's BEGIN and COMMIT. */
type Locks = {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function withStatementCache(pglite: PGlite, maxStatements = MAX_STATEMENTS): PGlite {
  const locks = pglite as unknown as Locks;
  const statements = new Map<string, Statement>();
  const instanceId = ++instances;
  let sequence = 0;
  const { serialize } = protocol;
  const stream = (messages: Uint8Array[]) => pglite.execProtocolStream(concat(messages), { syncToFs: false });

  async function prepare(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) return known;
    if (statements.size >= maxStatements) {
      await stream([
        ...[...statements.values()].map(({ name }) => serialize.close({ type: 'S', name })),
        serialize.sync(),
      ]);
      statements.clear();
    }
    const name = `charter_${sequence++}`;
    const described = await stream([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    return statement;
  }

  /** Runs under PGlite's query lock, like its own #runQuery. */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    try {
      const statement = await prepare(text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i];
        const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await stream([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      if (statement.rowDescription) messages.unshift(statement.rowDescription);
      return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
    } catch (error) {
      if ((error as { code?: string }).code === STALE) statements.delete(text);
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  const cacheable = (text: string, options?: QueryOptions) =>
    CACHEABLE.test(text) && !options?.blob && !options?.paramTypes && !options?.onNotice;

  const query: QueryFn = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!READ.test(text)) return writing(() => queryNow<T>(text, params, options));
    return queryNow<T>(text, params, options);
  };

  const queryNow: QueryFn = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (!cacheable(text, options) || pglite.closed) return pglite.query<T>(text, params, options);
    await pglite.waitReady;
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        // Outside a transaction a statement outdated by a schema change is simply prepared again.
        const result = await run<T>(text, params, options).catch((error: { code?: string }) => {
          if (error.code === STALE) return run<T>(text, params, options);
          throw error;
        });
        await pglite.syncToFs();
        return result;
      }),
    );
  };

  const inTransaction = (tx: Transaction, wrote: { yes: boolean }): Transaction => {
    const txQueryNow: QueryFn = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      !cacheable(text, options) || tx.closed
        ? tx.query<T>(text, params, options)
        : locks._runExclusiveQuery(() => run<T>(text, params, options));
    const txQuery: QueryFn = <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (READ.test(text)) return txQueryNow<T>(text, params, options);
      wrote.yes = true;
      return writing(() => txQueryNow<T>(text, params, options));
    };
    const txExec = (...args: Parameters<Transaction['exec']>) => {
      wrote.yes = true;
      return writing(() => tx.exec(...args));
    };
    return new Proxy(tx, {
      get: (target, key) => {
        if (key === 'query') return txQuery;
        if (key === 'exec') return txExec;
        if (key === INSTANCE_ID) return instanceId;
        return Reflect.get(target, key);
      },
    });
  };

  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === INSTANCE_ID) return instanceId;
      if (key === 'exec') {
        return (...args: Parameters<PGlite['exec']>) => writing(() => target.exec(...args));
      }
      if (key === 'transaction') {
        return async <T>(work: (tx: Transaction) => Promise<T>) => {
          const wrote = { yes: false };
          try {
            return await target.transaction((tx) => work(inTransaction(tx, wrote)));
          } finally {
            if (wrote.yes) epoch++;
          }
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
