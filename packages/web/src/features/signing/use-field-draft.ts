import type { SigningFieldView } from '@charter/domain';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useReducer } from 'react';
import { fieldDraftReducer, loadedDraft } from './field-draft.ts';

/**
 * The editor's copy of the saved fields. While nothing is changed it follows the server (a live refresh,
 * a recipient added); once something is, it is kept until saved, and leaving the page asks first.
 */
export function useFieldDraft(saved: readonly SigningFieldView[] | undefined) {
  const [draft, dispatch] = useReducer(fieldDraftReducer, saved ?? [], loadedDraft);
  const savedText = JSON.stringify(saved ?? []);

  useEffect(() => {
    if (!draft.dirty) dispatch({ type: 'load', fields: JSON.parse(savedText) as SigningFieldView[] });
  }, [savedText, draft.dirty]);

  useWindowEvent('beforeunload', (event) => {
    if (draft.dirty) event.preventDefault();
  });

  return [draft, dispatch] as const;
}
