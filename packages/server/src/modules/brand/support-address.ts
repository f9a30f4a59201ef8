import type { Tx } from '../../db/client.ts';
import { FALLBACK_SUPPORT_EMAIL } from './presenters.ts';
import { findBrandOfAccount } from './scope.ts';

/**
 * The support address of the brand a workspace was made under (else the default brand's, else Charter's
 * own): the last address a workspace's outside correspondents can always write to. Never empty.
 */
export async function supportAddressOf(tx: Tx, accountId: number): Promise<string> {
  const brand = await findBrandOfAccount(tx, accountId);
  return brand?.supportEmail || FALLBACK_SUPPORT_EMAIL;
}
