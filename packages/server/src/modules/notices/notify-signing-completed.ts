import { NOTICE_MESSAGES } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { documents, LiveAudience } from '../../db/schema/index.ts';
import { notifyOwners } from './notify-owners.ts';

/**
 * Everyone signed and the document is sealed: the member who sent it (else the admins: a room's NDA is
 * sent by the workspace itself), if they may still see it, get a notice in the bell. Their email is the
 * sealed copy the seal job mails to the sender. `audience` is whom the seal's announce told (who may see
 * the document).
 */
export async function notifySigningCompleted({
  tx,
  document,
  audience,
}: {
  tx: Tx;
  document: typeof documents.$inferSelect;
  audience: LiveAudience;
}) {
  await notifyOwners({
    tx,
    accountId: document.accountId,
    audience,
    owners: [document.sentBy],
    notice: {
      kind: 'signing_completed',
      message: NOTICE_MESSAGES.signingCompleted(document.label),
      link: `documents/${document.id}/sign`,
    },
  });
}
