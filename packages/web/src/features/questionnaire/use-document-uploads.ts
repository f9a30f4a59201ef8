import type { CabinetFileInfo, FileLink } from '@charter/domain';
import { useEffect, useMemo, useState } from 'react';
import { apiFetch } from '../../api/client.ts';
import { useNotices } from '../../app/notices.tsx';
import { uploadFile } from '../cabinet/upload.ts';
import type { DocumentUploads } from './fields/document-field.tsx';

/** A folder name from a label: no slashes, no leading dots (the cabinet refuses those). */
const folderName = (label: string) => label.replace(/[/\\]/g, '-').replace(/^\.+/, '').trim() || 'Untitled';

/**
 * The workspace's document uploads: files go to the cabinet under /{workflow label}/{question label};
 * their names come from the cabinet; Open asks for a short-lived link.
 */
export function useDocumentUploads(
  companyId: number,
  workflowLabel: string,
  fileIds: number[],
): DocumentUploads {
  const { push } = useNotices();
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const wanted = fileIds.filter((id) => !names.has(id)).join(',');

  useEffect(() => {
    if (!wanted) return;
    let stale = false;
    for (const id of wanted.split(',').map(Number)) {
      apiFetch<CabinetFileInfo>(`/api/account/box/file/${id}/info`, { accountId: companyId })
        .then((info) => !stale && setNames((map) => new Map(map).set(id, info.filename)))
        .catch(() => undefined);
    }
    return () => {
      stale = true;
    };
  }, [wanted, companyId]);

  return useMemo(
    () => ({
      upload: async (file, field) => {
        const path = `/${folderName(workflowLabel)}/${folderName(field.label)}`;
        const [stored] = await uploadFile(companyId, path, file, () => undefined);
        setNames((map) => new Map(map).set(stored.id, stored.filename));
        return stored;
      },
      nameOf: (id) => names.get(id),
      open: (id) => {
        const tab = window.open('', '_blank');
        apiFetch<FileLink>('/api/account/storage/token', {
          method: 'POST',
          body: { file_id: id },
          accountId: companyId,
        }).then(
          (link) => {
            if (tab) {
              tab.opener = null;
              tab.location.href = link.url;
            } else window.open(link.url, '_blank', 'noopener');
          },
          () => tab?.close(),
        );
      },
      notify: (message) => push({ type: 'success', message }),
    }),
    [companyId, workflowLabel, names, push],
  );
}
