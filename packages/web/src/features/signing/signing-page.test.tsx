import type { SigningDocumentView, SigningRecipientView } from '@charter/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../shell/test-providers.tsx';
import { SigningPage } from './signing-page.tsx';

const api = vi.hoisted(() => ({ apiFetch: vi.fn(), apiBlob: vi.fn(), apiFile: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  ...api,
}));
vi.mock('../../app/notices.tsx', () => ({ useNotices: () => ({ push }) }));

const AT = '2026-11-25T10:00:00Z';
const recipient = (id: number, name: string, role: string, more: Partial<SigningRecipientView> = {}) =>
  ({
    id,
    document_id: 4,
    email: `${name.toLowerCase()}@example.com`,
    first_name: name,
    last_name: '',
    signed: false,
    signer: role === 'Signer',
    email_sent: false,
    metadata: { name, role },
    order: id,
    party: null,
    state: 'not_sent',
    viewed_at: null,
    signed_at: null,
    declined_at: null,
    decline_reason: null,
    link_expires_at: null,
    ...more,
  }) satisfies SigningRecipientView;

const view = (more: Partial<SigningDocumentView> = {}): SigningDocumentView => ({
  document: {
    id: 4,
    filename: 'Lease.pdf',
    label: 'Office Lease',
    original_file_id: 7,
    box_file_id: null,
    status: 'document.draft',
    revision_count: 0,
    template_variant: null,
    account_task_id: null,
    transaction_id: null,
    created_at: AT,
    updated_at: AT,
    completed_at: null,
  },
  state: 'draft',
  original_file_id: 77,
  sequential: false,
  reminder_days: null,
  seal_error: null,
  recipients: [recipient(1, 'Ada', 'Signer', { party: 'Tenant' }), recipient(2, 'Carol', 'CC')],
  fields: [
    {
      id: 9,
      kind: 'signature',
      role: 'Landlord',
      page: 0,
      x: 72,
      y: 600,
      width: 180,
      height: 36,
      required: true,
      recipient_id: null,
      value: null,
    },
  ],
  pages: [{ width: 612, height: 792 }],
  events: [{ seq: 1, kind: 'created', at: AT, who: 'Demo User', to: null, ip: '203.0.113.9', hash: 'x' }],
  ...more,
});

type Options = { method?: string; body?: unknown };
let current: SigningDocumentView;
beforeEach(() => {
  push.mockReset();
  current = view();
  api.apiFetch.mockReset();
  api.apiFetch.mockImplementation(async (path: string, options?: Options) => {
    if (path === '/api/account/signing/documents/4' && !options?.method) return current;
    if (path.endsWith('/send')) return { ...current, state: 'sent' };
    if (path.endsWith('/void')) return { ...current, state: 'voided' };
    if (path.endsWith('/resend')) return { message: 'Link Sent' };
    return current;
  });
  api.apiBlob.mockReset();
  api.apiBlob.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
});
afterEach(cleanup);

const open = () =>
  renderAt('/c/7/documents/4/sign', '/c/:companyId/documents/:documentId/sign', <SigningPage />);
const calls = (suffix: string) => api.apiFetch.mock.calls.filter(([path]) => String(path).endsWith(suffix));

describe('SigningPage', () => {
  it("shows a draft's recipients with the spec's labels and its history", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Office Lease' })).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Recipients' });
    expect(within(table).getAllByText('Not yet sent')).toHaveLength(2);
    expect(within(table).getByText('Tenant')).toBeTruthy();
    expect(screen.getByText('Created')).toBeTruthy();
    expect(screen.getByText(/203\.0\.113\.9/)).toBeTruthy();
  });

  it('asks for every field before adding a recipient, and sends party and order', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Recipient' }));
    expect(screen.getByText('Please fill out all fields')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lou' } });
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'lou@' } });
    fireEvent.blur(email);
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'lou@example.com' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Party' }), { target: { value: 'Landlord' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Order' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Recipient' }));
    await waitFor(() => expect(calls('/email_recipient')).toHaveLength(1));
    expect(calls('/email_recipient')[0][1]).toMatchObject({
      method: 'POST',
      body: {
        document_id: 4,
        email: 'lou@example.com',
        metadata: { name: 'Lou', role: 'Signer', party: 'Landlord', order: 2 },
      },
    });
  });

  it('sends with its options and says Link Sent', async () => {
    open();
    fireEvent.click(await screen.findByRole('switch', { name: /Sign in order/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send for Signature' }));
    await waitFor(() => expect(calls('/send')).toHaveLength(1));
    expect(calls('/send')[0][1]).toMatchObject({
      method: 'POST',
      body: { sequential: true, reminder_days: null },
    });
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Link Sent' }));
    // The text-tag field stays for its role: the server gives it to a recipient whose party matches.
    expect(calls('/fields')).toHaveLength(0);
  });

  it('asks before resending a link or voiding, and shows a declined reason', async () => {
    current = view({
      state: 'sent',
      recipients: [
        recipient(1, 'Ada', 'Signer', { state: 'viewed' }),
        recipient(2, 'Bob', 'Signer', { state: 'declined', decline_reason: 'Wrong rent.' }),
      ],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(calls('/resend')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend Link' }));
    await waitFor(() => expect(calls('/resend')).toHaveLength(1));
    expect(calls('/resend')[0][1]).toMatchObject({ body: { email: 'ada@example.com' } });
    expect(screen.getByText('Declined')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Void Document' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith({ type: 'success', message: 'Document voided.' }));
  });

  it('shows why sealing failed and retries it', async () => {
    current = view({ state: 'seal_failed', seal_error: 'The PDF could not be read.' });
    open();
    expect(await screen.findByText('The PDF could not be read.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls('/seal')).toHaveLength(1));
  });
});
