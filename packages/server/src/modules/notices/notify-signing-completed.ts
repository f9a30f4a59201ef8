import { NOTICE_MESSAGES } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { documents } from '../../db/schema/index.ts';
import { documentAudience } from '../workflows/announce-document.ts';
import { notifyOwners } from './notify-owners.ts';

/**
 * Everyone signed and the document is sealed: the member who sent it (else the admins: a room's NDA is
 * sent by the workspace itself), if they may still see it, get a notice in the bell. Their email is the
 * sealed copy the seal job mails to the sender.
 */
export async function notifySigningCompleted({
  tx,
  document,
}: {
  tx: Tx;
  document: typeof documents.$inferSelect;
}) {
  await notifyOwners({
    tx,
    accountId: document.accountId,
    audience: await documentAudience(tx, document),
    owners: [document.sentBy],
    notice: {
      kind: 'signing_completed',
      message: NOTICE_MESSAGES.signingCompleted(document.label),
      link: `documents/${document.id}/sign`,
    },
  });
}
