import type { ResourceEntry } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../api/client.ts';
import { ResourceGroup } from './resource-group.tsx';
import { foundersQuestion, resourceField } from './test-questions.ts';

vi.mock('../../api/client.ts', () => ({ apiFetch: vi.fn(async () => []) }));
afterEach(cleanup);

const founders = foundersQuestion([
  resourceField('name', 'Full name', 'person_name'),
  resourceField('email', 'Email', 'email'),
  resourceField('title', 'Title', 'string'),
]);
const ada: ResourceEntry = { resource_id: 4, resource_name: 'Ada', is_draft: true, values: { name: 'Ada' } };

function group(entries: ResourceEntry[], focusResourceId: number | null, onFocused = vi.fn()) {
  const noop = vi.fn(async () => undefined);
  return (
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ResourceGroup
          companyId={7}
          question={founders}
          entries={entries}
          errors={{}}
          missing={false}
          readOnly={false}
          focusResourceId={focusResourceId}
          onFocused={onFocused}
          onCommit={vi.fn()}
          onCreate={noop}
          onPick={noop}
          onRemove={noop}
          onConnect={noop}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}

describe('ResourceGroup', () => {
  it('moves focus to the first empty field of the entry just added, once', async () => {
    const view = render(group([], null));
    const onFocused = vi.fn();
    // The list is reloaded with the new entry first; the form then names it to focus.
    view.rerender(group([ada], null, onFocused));
    expect(document.activeElement).toBe(document.body);
    view.rerender(group([ada], ada.resource_id, onFocused));
    const entry = screen.getByLabelText('Founders 1');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(entry).getByRole('textbox', { name: 'Email' })),
    );
    expect(onFocused).toHaveBeenCalledTimes(1);
  });

  it('focuses an answer field, never the entry’s “Connect to existing…”', async () => {
    // Another founder of the workspace exists: the new entry's header offers to connect to it.
    vi.mocked(apiFetch).mockResolvedValueOnce([{ id: 9, name: 'Grace', resource_type_id: 2 }]);
    const view = render(group([ada], null));
    const entry = screen.getByLabelText('Founders 1');
    await within(entry).findByLabelText('Connect Ada to an existing entry');
    view.rerender(group([ada], ada.resource_id));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(entry).getByRole('textbox', { name: 'Email' })),
    );
  });

  it('leaves the focus where the user already put it', async () => {
    const onFocused = vi.fn();
    const view = render(group([ada], null, onFocused));
    const entry = screen.getByLabelText('Founders 1');
    // They went on to a field while the list was still being read again; their typing goes there.
    const title = within(entry).getByRole('textbox', { name: 'Title' });
    title.focus();
    view.rerender(group([ada], ada.resource_id, onFocused));
    await waitFor(() => expect(onFocused).toHaveBeenCalledTimes(1));
    expect(document.activeElement).toBe(title);
  });
});
