import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, brands } from '../../db/schema/index.ts';
import { FALLBACK_SUPPORT_EMAIL } from './presenters.ts';

/**
 * The support address of the brand a workspace was made under (else the default brand's, else Charter's
 * own): the last address a workspace's outside correspondents can always write to. Never empty.
 */
export async function supportAddressOf(tx: Tx, accountId: number): Promise<string> {
  const [brand] = await tx
    .select({ supportEmail: brands.supportEmail })
    .from(brands)
    .leftJoin(accounts, and(eq(accounts.id, accountId), eq(accounts.brandId, brands.id)))
    .where(sql`${accounts.id} is not null or ${brands.isDefault}`)
    .orderBy(sql`${accounts.id} is not null desc`)
    .limit(1);
  return brand?.supportEmail || FALLBACK_SUPPORT_EMAIL;
}
