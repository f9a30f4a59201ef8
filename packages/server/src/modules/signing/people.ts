import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, type DocumentEventActor, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { fullName } from '../workflows/presenters.ts';
import type { DocumentRow, RecipientRow } from './scope.ts';

/** A member as the signing history names them. */
export const memberEventActor = (actor: MemberActor): DocumentEventActor => ({
  name: fullName(actor.user),
  email: actor.user.email,
  userId: actor.userId,
});

/** A user by id as the signing history names them (the system when the user is gone). */
export async function userEventActor(tx: Tx, userId: number): Promise<DocumentEventActor> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  return user ? { name: fullName(user), email: user.email, userId } : SYSTEM_ACTOR;
}

/** A recipient as the signing history names them. */
export const recipientEventActor = (recipient: RecipientRow): DocumentEventActor => ({
  name: recipient.name,
  email: recipient.email,
  recipientId: recipient.id,
});

/** The system itself (the seal job). */
export const SYSTEM_ACTOR: DocumentEventActor = { name: 'Charter', email: '' };

/** Who sent the document (their name and email, shown to signers) and from which workspace. */
export async function senderOf(tx: Tx, document: DocumentRow) {
  const [account] = await tx
    .select({ name: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, document.accountId));
  const [user] = document.sentBy ? await tx.select().from(users).where(eq(users.id, document.sentBy)) : [];
  const workspace = account?.name ?? '';
  return user
    ? { name: fullName(user), email: user.email, workspace }
    : { name: workspace, email: '', workspace };
}
