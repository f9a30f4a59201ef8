import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Emails are matched case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(tx: Tx, email: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return user ?? null;
}
