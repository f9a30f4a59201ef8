type Query = (text: string) => Promise<{ rows: unknown[] }>;

export type DatabaseCounts = {
  /** How many migrations the database has run (the schema's level). */
  migrations: number;
  /** Rows of every table, by name. */
  rows: Record<string, number>;
};

/** The tables of the public schema, in name order. */
export async function tableNames(query: Query): Promise<string[]> {
  const { rows } = await query(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (rows as { name: string }[]).map((row) => row.name);
}

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function migrationLevel(query: Query): Promise<number> {
  const { rows } = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return (rows as { n: number }[])[0].n;
}

export async function countRows(query: Query): Promise<DatabaseCounts> {
  const rows: Record<string, number> = {};
  for (const name of await tableNames(query)) {
    const result = await query(`select count(*)::int as n from ${quoteName(name)}`);
    rows[name] = (result.rows as { n: number }[])[0].n;
  }
  return { migrations: await migrationLevel(query), rows };
}
