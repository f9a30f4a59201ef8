import { PARTNER_CODE_UNKNOWN, type PartnerCodeView } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findPartnerByCode } from './scope.ts';

/** GET /api/public/partner/code/{code}: the partner's name, so a client sees whom they connect to. */
export async function lookupPartnerCode({ tx, code }: { tx: Tx; code: string }): Promise<PartnerCodeView> {
  const partner = await findPartnerByCode(tx, code);
  if (!partner) throw notFound(PARTNER_CODE_UNKNOWN);
  return { name: partner.name };
}
