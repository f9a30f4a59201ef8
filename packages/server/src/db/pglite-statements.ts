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

  const inTransaction = (tx: Transaction): Transaction => {
    const txQuery: QueryFn = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      !cacheable(text, options) || tx.closed
        ? tx.query<T>(text, params, options)
        : locks._runExclusiveQuery(() => run<T>(text, params, options));
    return new Proxy(tx, {
      get: (target, key) => (key === 'query' ? txQuery : Reflect.get(target, key)),
    });
  };

  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => work(inTransaction(tx)));
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
