/** What PostgreSQL (either driver) reports about a failed statement. */
type PgError = { code?: string; constraint?: string };

/** The database's own error behind the query layer's wrapper (drizzle keeps it as `cause`). */
export function pgError(error: unknown): PgError | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** Another user already holds this email address (email_claims, migration 0010). */
export const isEmailClaimConflict = (error: unknown) => {
  const pg = pgError(error);
  return pg?.code === '23505' && pg.constraint === 'email_claims_pkey';
};
