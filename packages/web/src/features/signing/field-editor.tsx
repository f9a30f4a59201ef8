import type { FieldKind, SigningDocumentView } from '@charter/domain';
import { Box, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type Dispatch, useRef, useState } from 'react';
import { FieldBox } from './field-box.tsx';
import type { FieldDraft, FieldDraftAction } from './field-draft.ts';
import { ownerColor, ownerFromValue, ownerLabel, ownerOptions, ownerValue } from './field-owners.ts';
import { FieldToolbar } from './field-toolbar.tsx';
import { pageImageWidth, placeField } from './geometry.ts';
import { isSealed } from './labels.ts';
import { PageSheet } from './page-sheet.tsx';
import { SelectedFieldBar } from './selected-field-bar.tsx';

type Props = {
  companyId: number;
  view: SigningDocumentView;
  draft: FieldDraft;
  dispatch: Dispatch<FieldDraftAction>;
  /** Only a draft's fields change; after that they are shown as they were sent. */
  readOnly: boolean;
  saving: boolean;
  onSave: () => void;
};

const PAGE_GAP = 16;

/**
 * The document's pages with their fields: choose a signer and a kind, click a page to place a field, drag
 * it or its corner, select it to make it optional, give it to someone else or delete it; then Save.
 */
export function FieldEditor({ companyId, view, draft, dispatch, readOnly, saving, onSave }: Props) {
  const { ref, width } = useElementSize();
  // The last real width: a column measured as 0 for a moment (a resize) must not unmount the pages.
  const lastWidth = useRef(0);
  if (width > 0) lastWidth.current = Math.floor(width);
  const displayWidth = lastWidth.current;
  const imageWidth = pageImageWidth(
    displayWidth,
    typeof window === 'undefined' ? 1 : window.devicePixelRatio,
  );
  const { recipients } = view;
  const owners = ownerOptions(recipients, draft.fields);
  const [chosen, setChosen] = useState<string | null>(null);
  const owner = owners.some((o) => o.value === chosen) ? chosen : (owners[0]?.value ?? null);
  const [kind, setKind] = useState<FieldKind>('signature');
  const selected = draft.fields.find((f) => f.key === draft.selected) ?? null;
  const chosenOwner = owner ? ownerFromValue(recipients, owner) : null;
  // Sealed: the pages are the signed file's, signatures stamped; field boxes over them would only hide them.
  const sealed = isSealed(view);
  const fileId = sealed ? view.document.box_file_id : view.original_file_id;

  const place = (page: number) => (point: { x: number; y: number }) => {
    if (!chosenOwner) return;
    const size = view.pages[page];
    dispatch({
      type: 'add',
      field: { kind, page, required: true, ...chosenOwner, ...placeField(kind, point, size) },
    });
  };

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Box
          pos="sticky"
          top="var(--app-shell-header-offset, 0rem)"
          bg="var(--mantine-color-body)"
          py="xs"
          style={{ zIndex: 2, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Stack gap="xs">
            <FieldToolbar
              owners={owners}
              owner={owner}
              onOwner={setChosen}
              ownerColor={chosenOwner ? ownerColor(recipients, chosenOwner) : 'gray'}
              kind={kind}
              onKind={setKind}
              dirty={draft.dirty}
              saving={saving}
              onSave={onSave}
            />
            {selected ? (
              <SelectedFieldBar
                field={selected}
                owners={owners}
                owner={ownerValue(selected)}
                onOwner={(value) => {
                  const next = ownerFromValue(recipients, value);
                  if (next) dispatch({ type: 'update', key: selected.key, change: next });
                }}
                onRequired={(required) =>
                  dispatch({ type: 'update', key: selected.key, change: { required } })
                }
                onRemove={() => dispatch({ type: 'remove', key: selected.key })}
              />
            ) : (
              <Text size="xs" c="dimmed">
                {chosenOwner
                  ? 'Click a page to place a field. Drag a field to move it, its corner to resize it; Delete removes the selected field.'
                  : 'Add a signer (or an approver) to place fields for them.'}
              </Text>
            )}
          </Stack>
        </Box>
      )}
      <Stack
        ref={ref}
        gap={PAGE_GAP}
        align="center"
        onKeyDown={(e) => e.key === 'Escape' && dispatch({ type: 'select', key: null })}
      >
        {displayWidth > 0 &&
          view.pages.map((size, page) => (
            <PageSheet
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered; the index is the page.
              key={page}
              companyId={companyId}
              documentId={view.document.id}
              fileId={fileId}
              index={page}
              size={size}
              displayWidth={displayWidth}
              imageWidth={imageWidth}
              onPlace={readOnly || !chosenOwner ? undefined : place(page)}
            >
              {(scale) =>
                draft.fields
                  .filter((f) => f.page === page && !sealed)
                  .map((field) => (
                    <FieldBox
                      key={field.key}
                      field={field}
                      scale={scale}
                      page={size}
                      color={ownerColor(recipients, field)}
                      owner={ownerLabel(recipients, field)}
                      selected={field.key === draft.selected}
                      readOnly={readOnly}
                      onSelect={() => dispatch({ type: 'select', key: field.key })}
                      onChange={(box) => dispatch({ type: 'move', key: field.key, box })}
                      onRemove={() => dispatch({ type: 'remove', key: field.key })}
                    />
                  ))
              }
            </PageSheet>
          ))}
        {view.pages.length === 0 && (
          <Text size="sm" c="dimmed">
            This document has no pages to show.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
