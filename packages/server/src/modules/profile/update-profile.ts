import { type ProfileView, validatePhone } from '@charter/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserActor } from '../../http/actor.ts';
import { invalid } from '../../http/errors.ts';
import { profilePartnerParts } from '../partners/profile-parts.ts';
import { presentProfile } from './presenters.ts';
import { findExtraEmails } from './scope.ts';

/** PUT /api/user/settings/profile: names and phone; an empty phone removes it. */
export async function updateProfile({
  tx,
  actor,
  input,
}: {
  tx: Tx;
  actor: UserActor;
  input: { firstName: string; lastName: string; phone?: string | null };
}): Promise<ProfileView> {
  const fields: Record<string, string> = {};
  if (!input.firstName.trim()) fields.firstName = 'First name required';
  if (!input.lastName.trim()) fields.lastName = 'Last name required';
  const phoneError = input.phone ? validatePhone(input.phone) : null;
  if (phoneError) fields.phone = phoneError;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const [updated] = await tx
    .update(users)
    .set({
      firstName: input.firstName.trim(),
      familyName: input.lastName.trim(),
      phone: input.phone?.trim() || null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.userId))
    .returning();
  const [extra, partnerParts] = await Promise.all([
    findExtraEmails(tx, updated.id),
    profilePartnerParts(tx, updated.id),
  ]);
  return presentProfile(updated, extra, partnerParts);
}
