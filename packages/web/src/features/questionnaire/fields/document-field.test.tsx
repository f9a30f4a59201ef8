import { DOCUMENT_UPLOAD_MESSAGES } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerField } from './answer-field.tsx';
import { type DocumentUploads, DocumentUploadsContext } from './document-field.tsx';

afterEach(cleanup);

const view = { id: 'deck', label: 'Pitch deck', type: 'document' as const, required: false, fixed: false };

function Harness(props: {
  uploads: DocumentUploads;
  value?: string;
  blocked?: string;
  onCommit: (v: string) => void;
}) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <MantineProvider>
      <DocumentUploadsContext.Provider value={props.uploads}>
        <AnswerField
          field={view}
          value={value}
          documentBlocked={props.blocked}
          onChange={() => undefined}
          onCommit={(next) => {
            props.onCommit(next);
            setValue(next);
          }}
        />
      </DocumentUploadsContext.Provider>
    </MantineProvider>
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('DocumentField: a document question answered by an upload', () => {
  it('uploads one accepted file, answers with its id, and shows its name with Open and Remove', async () => {
    const upload = vi.fn(async () => ({ id: 42, filename: 'Deck.pdf' }));
    const notify = vi.fn();
    const open = vi.fn();
    const onCommit = vi.fn();
    const names = new Map([[42, 'Deck.pdf']]);
    render(<Harness uploads={{ upload, notify, open, nameOf: (id) => names.get(id) }} onCommit={onCommit} />);
    expect(fileInput().accept).toBe('.pdf,.doc,.docx,.txt,.rtf,.odt,.wpd');
    pick(new File(['x'], 'photo.png'));
    expect(await screen.findByText(DOCUMENT_UPLOAD_MESSAGES.unsupported)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    pick(new File(['%PDF'], 'Deck.pdf'));
    await waitFor(() => expect(onCommit).toHaveBeenCalledWith('42'));
    expect(notify).toHaveBeenCalledWith('File uploaded.');
    expect(screen.getByText('Deck.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith(42);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Pitch deck' }));
    expect(onCommit).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Upload file: Pitch deck' })).toBeTruthy();
  });

  it('waits for the related resource before any upload', () => {
    const blocked = DOCUMENT_UPLOAD_MESSAGES.relatedFirst('Full name');
    render(
      <Harness uploads={{ upload: vi.fn(), nameOf: () => undefined }} blocked={blocked} onCommit={vi.fn()} />,
    );
    expect(screen.getByText(blocked)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Upload file: Pitch deck' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
