import { DOCUMENT_UPLOAD_EXTENSIONS, DOCUMENT_UPLOAD_MESSAGES, isDocumentUploadName } from '@charter/domain';
import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { createContext, type JSX, useContext, useState } from 'react';
import { type FieldInputProps, wrapperProps } from './field-props.ts';

/**
 * How a 'document' question's file is uploaded, named and opened: by the workspace (the cabinet, with
 * the member's token) or by an outside form (its code). The answer itself is the file's id (values.ts).
 */
export type DocumentUploads = {
  /** Stores one file for the question; resolves to the stored file. */
  upload: (file: File, field: { id: string; label: string }) => Promise<{ id: number; filename: string }>;
  /** The file's name, when known (undefined while it loads). */
  nameOf: (id: number) => string | undefined;
  /** Opens the file in a new tab (a short-lived link). */
  open?: (id: number) => void;
  /** Tells that the file was stored (spec: 'File uploaded.'). */
  notify?: (message: string) => void;
};

export const DocumentUploadsContext = createContext<DocumentUploads | null>(null);

const ACCEPT = DOCUMENT_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * A document question: pick one file (pdf, doc, docx, txt, rtf, odt, wpd), stored where the form's
 * uploads go; then its name with Open, Replace and Remove. `blocked` says what must be filled first.
 */
export function DocumentField({
  field,
  value,
  error,
  onCommit,
  locked,
  blocked,
}: FieldInputProps & { blocked?: string }): JSX.Element {
  const uploads = useContext(DocumentUploadsContext);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const name = id === null ? undefined : (uploads?.nameOf(id) ?? `File ${id}`);
  const disabled = locked || !uploads || Boolean(blocked) || busy;

  const choose = async (file: File | null) => {
    if (!file || !uploads) return;
    if (!isDocumentUploadName(file.name)) {
      setProblem(DOCUMENT_UPLOAD_MESSAGES.unsupported);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const stored = await uploads.upload(file, field);
      onCommit(String(stored.id));
      uploads.notify?.(DOCUMENT_UPLOAD_MESSAGES.uploaded);
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'Unable to upload file at this time.');
    } finally {
      setBusy(false);
    }
  };

  const picker = (label: string) => (
    <FileButton onChange={choose} accept={ACCEPT} disabled={disabled}>
      {(props) => (
        <Button
          {...props}
          size="xs"
          variant={id === null ? 'light' : 'subtle'}
          loading={busy}
          disabled={disabled}
          aria-label={`${label}: ${field.label}`}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Input.Wrapper
      {...wrapperProps(field, problem ?? error)}
      description={blocked ?? field.help ?? 'pdf, doc, docx, txt, rtf, odt or wpd; one file at a time'}
    >
      <Group gap="xs" mt={4} wrap="nowrap" role="group" aria-label={field.label}>
        {id === null ? (
          picker('Upload file')
        ) : (
          <>
            <Text size="sm" fw={500} truncate="end" data-testid={`document-${field.id}`}>
              {name}
            </Text>
            {uploads?.open && (
              <Button size="xs" variant="subtle" onClick={() => uploads.open?.(id)}>
                Open
              </Button>
            )}
            {!locked && picker('Replace')}
            {!locked && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                disabled={busy}
                aria-label={`Remove: ${field.label}`}
                onClick={() => onCommit('')}
              >
                Remove
              </Button>
            )}
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
