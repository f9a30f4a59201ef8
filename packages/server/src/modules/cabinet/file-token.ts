import type { FileLink } from '@charter/domain';
import type { Tx } from '../../db/client.ts';
import type { MemberActor } from '../../http/actor.ts';
import { findReadableFile } from '../workflows/documents.ts';
import { issueFileLink } from './issue-file-link.ts';

/** POST /api/account/storage/token: a short-lived link to a workspace file the member may open. */
export async function fileToken({
  tx,
  actor,
  fileId,
}: {
  tx: Tx;
  actor: MemberActor;
  fileId: number;
}): Promise<FileLink> {
  await findReadableFile(tx, actor, fileId);
  return issueFileLink(tx, actor.accountId, fileId);
}
