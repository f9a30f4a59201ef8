import type { PublicOutsideForm, QuestionView } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutsideFormPage } from './outside-form-page.tsx';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';

const question = (
  id: string,
  label: string,
  type: QuestionView['type'],
  value: string | null,
): QuestionView => ({
  id,
  label,
  type,
  required: true,
  new_require: false,
  fixed: false,
  is_entity_formed: false,
  party: 'ours',
  is_hidden: false,
  resource_type_id: null,
  multi_entry: false,
  value,
  resources: null,
});

const loaded = (over: Partial<PublicOutsideForm> = {}): PublicOutsideForm => ({
  name: 'Intake',
  description: 'Tell us about you',
  brand: { name: 'Charter' },
  state: 'new',
  message: null,
  banner: 'Do not share this URL',
  transaction_id: 7,
  label: 'Intake details',
  finalize: true,
  files: [],
  questions: [
    question('contact', 'Contact email', 'email', 'ceo@acme.test'),
    question('size', 'Company size', 'integer', null),
  ],
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { url: string; body: unknown }[] = [];
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(answers: (url: string, body: unknown) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      return answers(url, body);
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[`/outside-form/${CODE}`]}>
        <Routes>
          <Route path="/outside-form/:code" element={<OutsideFormPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('OutsideFormPage', () => {
  it('shows the form with its answers, saves on blur through the code, and submits to a success screen', async () => {
    open((url) => {
      if (url.endsWith('/finalize'))
        return json(200, {
          state: 'completed',
          message: 'Your answers have been submitted. You can close this page.',
          task_finalized: true,
        });
      if (url === '/api/unlisted/flat_feature')
        return json(200, { transaction_id: 7, feature_type_id: 'size', value: '12' });
      return json(200, loaded());
    });
    expect(await screen.findByText('Do not share this URL')).toBeTruthy();
    expect((screen.getByLabelText('Contact email') as HTMLInputElement).value).toBe('ceo@acme.test');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Fill out all required fields before continuing.')).toBeTruthy();
    // The summary names the field to fill.
    expect(screen.getByText('Company size: Field required')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/finalize'))).toBe(false);
    const size = screen.getByLabelText('Company size');
    fireEvent.change(size, { target: { value: '12' } });
    fireEvent.blur(size);
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: '/api/unlisted/flat_feature',
        body: { access_code: CODE, transaction_id: 7, feature_type_id: 'size', value: '12' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // Just submitted: a success, not the spec's message for a form completed before this visit.
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Thank you');
    expect(status.textContent).toContain('Your answers have been submitted. You can close this page.');
    expect(screen.queryByText(/This form has already been completed/)).toBeNull();
    expect(calls.at(-1)?.url).toBe(`/api/public/outside_form/${CODE}/finalize`);
  });

  it('shows the completed message for a completed form, and the invalid link page for an unknown code', async () => {
    open(() => json(200, loaded({ state: 'completed', message: 'x', questions: [] })));
    expect(await screen.findByText(/This form has already been completed/)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    open(() => json(404, { code: 'NOT_FOUND', message: 'Form not found' }));
    expect(await screen.findByText('This link is invalid or has expired.')).toBeTruthy();
  });
});
