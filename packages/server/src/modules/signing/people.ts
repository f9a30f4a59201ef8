import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, type DocumentEventActor, users } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { supportAddressOf } from '../brand/support-address.ts';
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

/**
 * Who signers are told sent a document, and the address they can always write to about it: the member
 * who sent it, the workspace's owner, or the brand's support address (`kind`).
 */
export type Sender = { name: string; email: string; workspace: string; kind: 'member' | 'owner' | 'support' };

/**
 * Who sent the document and from which workspace, with an address that reaches someone: ESIGN's
 * disclosure tells the signer where to ask for paper or withdraw consent, and a decline is mailed there.
 * The member who sent it; a document the workspace sends by itself (a room's NDA) names the workspace
 * and its owner's address (the person accountable for it, as DocuSign names a PowerForm's sender);
 * without an owner, the brand's support address.
 */
export async function senderOf(tx: Tx, document: DocumentRow): Promise<Sender> {
  const [account] = await tx
    .select({ name: accounts.companyName, ownerId: accounts.ownerId })
    .from(accounts)
    .where(eq(accounts.id, document.accountId));
  const workspace = account?.name ?? '';
  const [user] = document.sentBy ? await tx.select().from(users).where(eq(users.id, document.sentBy)) : [];
  if (user) return { name: fullName(user), email: user.email, workspace, kind: 'member' };
  const [owner] = account?.ownerId
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, account.ownerId))
    : [];
  if (owner?.email) return { name: workspace, email: owner.email, workspace, kind: 'owner' };
  return {
    name: workspace,
    email: await supportAddressOf(tx, document.accountId),
    workspace,
    kind: 'support',
  };
}
