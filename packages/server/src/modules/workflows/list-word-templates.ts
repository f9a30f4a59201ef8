import type { WordTemplateView } from '@charter/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { MemberActor } from '../../http/actor.ts';
import { readableFiles } from '../cabinet/policies.ts';
import { DOCX_TYPE } from './custom-document-checks.ts';

/** GET /api/account/storage/my_templates: the workspace's Word files, to pick a custom document from. */
export async function listWordTemplates(input: { tx: Tx; actor: MemberActor }): Promise<WordTemplateView[]> {
  const { tx, actor } = input;
  return tx
    .select({ id: files.id, filename: files.filename, path: files.folder })
    .from(files)
    .where(and(eq(files.accountId, actor.accountId), eq(files.contentType, DOCX_TYPE), readableFiles(actor)))
    .orderBy(asc(files.folder), asc(files.filename))
    .limit(500);
}
