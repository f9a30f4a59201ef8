import type { NoticeKind } from '@charter/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, type LiveAudience, memberships, notices, users } from '../../db/schema/index.ts';
import { activeMembership } from '../accounts/memberships.ts';
import { viewerOfMembership } from '../live/policies.ts';
import { publishEvents } from '../live/publish-event.ts';
import { fullName } from '../workflows/presenters.ts';
import { noticeRecipients } from './policies.ts';

export type NoticeInput = { kind: NoticeKind; message: string; link: string | null };
export type NoticeRecipient = { userId: number; email: string; name: string };

/**
 * Keeps a notice in the bell of each member told of outside activity (noticeRecipients: the owners who
 * may see the object, else its admins), tells their open bells, and, with `email`, mails each of them
 * through the mail queue. In the caller's transaction: activity that is rolled back tells nobody.
 */
export async function notifyOwners(input: {
  tx: Tx;
  accountId: number;
  audience: LiveAudience;
  owners: (number | null)[];
  notice: NoticeInput;
  email?: { ctx: AppContext; message: (to: NoticeRecipient) => MailMessage };
}) {
  const { tx, accountId, audience, notice, email } = input;
  const members = await tx
    .select({
      userId: memberships.userId,
      isAdmin: memberships.isAdmin,
      filecabinetAccess: memberships.filecabinetAccess,
      roleId: accounts.roleId,
      user: users,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.disabledAt)))
    .where(and(eq(memberships.accountId, accountId), activeMembership));
  const told = noticeRecipients(
    members.map((member) => ({ ...viewerOfMembership(member), user: member.user })),
    audience,
    input.owners,
  );
  if (told.length === 0) return;
  await tx.insert(notices).values(told.map((member) => ({ accountId, userId: member.userId, ...notice })));
  const userIds = told.map((member) => member.userId);
  await publishEvents({
    tx,
    accountId,
    events: [{ type: 'refresh_notices' }],
    audience: { ...audience, userIds },
  });
  if (!email) return;
  for (const { user } of told) {
    const to = { userId: user.id, email: user.email, name: fullName(user) };
    await email.ctx.mailer.send(tx, email.message(to));
  }
}
