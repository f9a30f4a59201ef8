import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import {
  authorizeReadPartnerSso,
  authorizeUpdatePartnerSso,
  PARTNER_NOT_FOUND,
  partnerSsoAbilities,
} from './policies.ts';
import { findPartner, findPartnerMember } from './scope.ts';

/** Loads the partner and authorizes the caller to read (or change) its single sign-on settings. */
export async function loadPartnerForSso(tx: Tx, actor: Actor, partnerId: number, change: boolean) {
  const found = await findPartner(tx, partnerId);
  const member = found ? await findPartnerMember(tx, partnerId, actor.userId) : null;
  if (!found) throw notFound(PARTNER_NOT_FOUND);
  if (change) authorizeUpdatePartnerSso(actor, member);
  else authorizeReadPartnerSso(actor, member);
  return { ...found, abilities: partnerSsoAbilities(actor, member) };
}
