import type { SignerView } from '@charter/domain';
import { SIGNING_DECLINE_REASON, SIGNING_LINK_INVALID } from '@charter/domain/signing/messages';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressText } from './signing-bar.tsx';
import { todayText } from './signing-fields.ts';
import { returnPath, SigningPage, screenFor } from './signing-page.tsx';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const BASE = `/api/public/sign/${TOKEN}`;

type Field = SignerView['fields'][number];
const field = (id: number, kind: Field['kind'], y: number): Field => {
  const box = { page: 0, x: 72, y, width: 150, height: 20 };
  return { id, kind, ...box, required: true, mine: true, value: null };
};

const signerView = (
  overrides: { signer?: Partial<SignerView['signer']>; state?: string } = {},
): SignerView => ({
  document: {
    title: 'Mutual NDA',
    pages: [{ width: 612, height: 792 }],
    state: (overrides.state ?? 'sent') as SignerView['document']['state'],
  },
  sender: { name: 'Grace Hopper', workspace: 'Acme', email: 'grace@acme.test' },
  signer: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'Signer',
    consented: true,
    signed: false,
    declined: false,
    can_sign: true,
    waiting_message: null,
    ...overrides.signer,
  },
  fields: [
    field(1, 'date', 600),
    field(2, 'checkbox', 500),
    field(3, 'text', 650),
    { ...field(4, 'signature', 300), mine: false },
  ],
  disclosure: {
    version: '1',
    title: 'Consent to do business electronically',
    paragraphs: ['Paper copy. Ask us.'],
  },
});

type Answer = { status: number; body?: unknown };
let answers: Record<string, Answer>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const answer = answers[url.replace(BASE, '')] ?? {
    status: 404,
    body: { code: 'NOT_FOUND', message: 'Nope' },
  };
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
  });
});
const calls = (action: string) => fetchMock.mock.calls.filter(([url]) => url === `${BASE}/${action}`);

const renderPage = (token = TOKEN) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[`/sign/${token}`]}>
        <Routes>
          <Route path="/sign/:token" element={<SigningPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );

beforeEach(() => {
  answers = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SigningPage', () => {
  it('shows the disclosure first, with nothing of the document but its download, and goes on after I agree', async () => {
    answers['/open'] = { status: 200, body: signerView({ signer: { consented: false } }) };
    answers['/consent'] = { status: 204 };
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Consent to do business electronically' }),
    ).toBeTruthy();
    expect(screen.getByText('Paper copy. Ask us.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`${BASE}/document`);
    expect(screen.queryByRole('img', { name: /Page 1/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next field' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText('0 of 3 fields')).toBeTruthy();
    const [, init] = calls('consent')[0];
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'omit' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(screen.getByRole('img', { name: 'Page 1 of 1' }).getAttribute('src')).toMatch(
      new RegExp(`^${BASE}/pages/0\\.png\\?width=\\d+$`),
    );
  });

  it("shows the server's reason when the link does not open, and no form", async () => {
    answers['/open'] = {
      status: 410,
      body: {
        code: 'SIGNING_LINK_EXPIRED',
        message: 'This signing link has expired. Ask the sender for a new one.',
      },
    };
    renderPage();
    expect(await screen.findByRole('heading', { name: /has expired/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it('calls a malformed link not valid rather than showing a validation message', async () => {
    answers['/open'] = { status: 400, body: { code: 'VALIDATION_ERROR', message: 'Invalid string' } };
    renderPage();
    expect(await screen.findByRole('heading', { name: SIGNING_LINK_INVALID })).toBeTruthy();
  });

  it('fills a date with today on a click, ticks a box, takes text, then signs with those values', async () => {
    answers['/open'] = { status: 200, body: signerView() };
    answers['/sign'] = { status: 200, body: signerView({ signer: { signed: true, can_sign: false } }) };
    renderPage();
    const finish = await screen.findByRole('button', { name: 'Finish' });
    expect(finish.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Date signed (required)' }));
    expect(screen.getByRole('button', { name: 'Date signed (required)' }).textContent).toBe(todayText());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Checkbox (required)' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text (required)' }), { target: { value: 'CEO' } });
    expect(screen.getByText('3 of 3 fields')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'You signed Mutual NDA.' })).toBeTruthy();
    expect(screen.getByText(/Other signers still need to sign/)).toBeTruthy();
    expect(JSON.parse(String(calls('sign')[0][1]?.body))).toEqual({
      values: { '1': todayText(), '2': 'true', '3': 'CEO' },
    });
  });

  it('lets an Approver approve (no fields of theirs) and says so', async () => {
    const approver = { role: 'Approver' };
    answers['/open'] = { status: 200, body: { ...signerView({ signer: approver }), fields: [] } };
    answers['/sign'] = {
      status: 200,
      body: { ...signerView({ signer: { ...approver, signed: true, can_sign: false } }), fields: [] },
    };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'You approved Mutual NDA.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
  });

  it('asks for a reason before declining, then shows the declined screen', async () => {
    answers['/open'] = { status: 200, body: signerView() };
    answers['/decline'] = { status: 200, body: signerView({ signer: { declined: true, can_sign: false } }) };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(SIGNING_DECLINE_REASON)).toBeTruthy();
    expect(calls('decline')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Wrong terms' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'You declined to sign Mutual NDA.' })).toBeTruthy();
    expect(JSON.parse(String(calls('decline')[0][1]?.body))).toEqual({ reason: 'Wrong terms' });
  });

  it('shows the document read-only with the reason when it is not this signer’s turn', async () => {
    const waiting = 'Another signer signs before you. We will email you when it is your turn.';
    answers['/open'] = {
      status: 200,
      body: signerView({ signer: { consented: false, can_sign: false, waiting_message: waiting } }),
    };
    renderPage();
    expect(await screen.findByText(waiting)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Page 1 of 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Date signed/ })).toBeNull();
  });
});

describe('screenFor', () => {
  it('puts what the signer did first, then what happened to the document, then consent', () => {
    expect(screenFor(signerView({ signer: { declined: true }, state: 'declined' }))).toBe('declined');
    expect(screenFor(signerView({ signer: { signed: true }, state: 'completed' }))).toBe('signed');
    expect(screenFor(signerView({ signer: { can_sign: false }, state: 'voided' }))).toBe('voided');
    expect(screenFor(signerView({ signer: { can_sign: false }, state: 'declined' }))).toBe('closed');
    expect(screenFor(signerView({ signer: { consented: false } }))).toBe('consent');
    expect(screenFor(signerView({ signer: { consented: false, can_sign: false } }))).toBe('document');
    expect(screenFor(signerView())).toBe('document');
  });
});

describe('returnPath', () => {
  it('offers the way back only to a room page of this site', () => {
    expect(returnPath('?return=%2Fdata-room%2Fabc%2Foverview')).toBe('/data-room/abc/overview');
    expect(returnPath('')).toBeNull();
    expect(returnPath('?return=https%3A%2F%2Fevil.example%2Fdata-room%2Fx')).toBeNull();
    expect(returnPath('?return=%2F%2Fevil.example%2Fdata-room%2Fx')).toBeNull();
    expect(returnPath('?return=%2Fdata-room%2F..%2F%2Fevil.example')).toBeNull();
    expect(returnPath('?return=%2Fdata-room%2F%5C%5Cevil.example')).toBeNull();
    expect(returnPath('?return=%2Fsettings')).toBeNull();
    expect(returnPath('?return=javascript%3Aalert(1)')).toBeNull();
  });
});

describe('the progress of the signing bar', () => {
  it('counts one field in the singular', () => {
    expect(progressText(0, 1)).toBe('0 of 1 field');
    expect(progressText(1, 3)).toBe('1 of 3 fields');
    expect(progressText(0, 0)).toBe('No fields to fill');
  });
});
