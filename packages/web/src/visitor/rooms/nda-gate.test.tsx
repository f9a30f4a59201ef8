import type { GuestRoomView } from '@charter/domain';
import { NDA_MESSAGES } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NdaGate, signingUrlWithReturn } from './nda-gate.tsx';

const CODE = 'abcdefghijklmnopqrstuv';

const room = (email: string | null, status: GuestRoomView['nda']['status'] = 'none') =>
  ({
    room: { label: 'Series A', type: 'data-room', status: '', read_only: false, watermark: false },
    viewer: { kind: 'visitor', email, name: '', admin_path: null, previous_visit_at: null },
    signature_count: 0,
    documents: [],
    links: [],
    overview: {} as GuestRoomView['overview'],
    nda: { required: true, status, file_id: 7 },
  }) as GuestRoomView;

let answer: { status: number; body: unknown };
const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify(answer.body), { status: answer.status }),
);
const assign = vi.fn();

beforeEach(() => {
  fetchMock.mockClear();
  assign.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', {
    ...window.location,
    origin: window.location.origin,
    assign,
    pathname: `/data-room/${CODE}/overview`,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGate = (view: GuestRoomView, onChanged = vi.fn()) => {
  render(
    <MantineProvider>
      <NdaGate code={CODE} room={view} onChanged={onChanged} />
    </MantineProvider>,
  );
  return onChanged;
};

describe('NdaGate', () => {
  it('says why the documents are withheld and sends Sign NDA to the signing page with the way back', async () => {
    answer = {
      status: 200,
      body: { status: 'pending', url: 'http://localhost:3000/sign/tok123', document_id: 4 },
    };
    renderGate(room('vera@example.com'));
    expect(screen.getByText(NDA_MESSAGES.gate)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read the NDA' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign NDA' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/guest/rooms/${CODE}/nda`);
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
    const target = new URL(String(assign.mock.calls[0][0]), 'http://localhost:3000');
    expect(target.pathname).toBe('/sign/tok123');
    expect(target.searchParams.get('return')).toBe(`/data-room/${CODE}/overview`);
  });

  it('waits for the seal when the NDA is pending without a link, and asks the room again', async () => {
    answer = { status: 200, body: { status: 'pending', url: null, document_id: 4 } };
    const onChanged = renderGate(room('vera@example.com', 'pending'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign NDA' }));
    expect(await screen.findByText(NDA_MESSAGES.sealing)).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a visitor without an email to verify one first: no Sign NDA', () => {
    renderGate(room(null));
    expect(screen.getByText(NDA_MESSAGES.needsEmail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign NDA' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    answer = { status: 422, body: { code: 'VALIDATION_ERROR', message: NDA_MESSAGES.needsEmail } };
    renderGate(room('vera@example.com'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign NDA' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NDA_MESSAGES.needsEmail);
  });
});

describe('signingUrlWithReturn', () => {
  it('keeps a same-origin link relative and adds the return path', () => {
    const url = signingUrlWithReturn(`${window.location.origin}/sign/abc`, '/data-room/x/overview');
    expect(url).toBe('/sign/abc?return=%2Fdata-room%2Fx%2Foverview');
  });
});
