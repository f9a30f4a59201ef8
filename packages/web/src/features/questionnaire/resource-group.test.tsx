import type { ResourceEntry } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
