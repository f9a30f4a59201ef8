import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearNotices, NoticesProvider, pushNotice } from './notices.tsx';
import { theme } from './theme.ts';

afterEach(() => {
  act(() => clearNotices());
  cleanup();
});

describe('notices', () => {
  it('stack at the bottom centre, clear of the top bar and its menus', async () => {
    render(
      <MantineProvider theme={theme}>
        <NoticesProvider>
          <main />
        </NoticesProvider>
      </MantineProvider>,
    );
    act(() => {
      pushNotice({ type: 'success', message: 'Starting Download.' });
    });
    const notice = await screen.findByText('Starting Download.');
    expect(notice.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-center');
    // Its close button is named (an unnamed button is an axe critical).
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
