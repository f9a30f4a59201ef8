import { FILL_REQUIRED } from '@charter/domain';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary.tsx';

afterEach(cleanup);

describe('ErrorSummary', () => {
  it("lists the spec's messages with one bullet each, not the message's own '- ' as well", () => {
    render(
      <MantineProvider>
        <ErrorSummary
          messages={[FILL_REQUIRED, '- Input required for: Founders.', 'Add at least one founder.']}
        />
      </MantineProvider>,
    );
    const items = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Fill out all required fields before continuing.',
      'Input required for: Founders.',
      'Add at least one founder.',
    ]);
  });
});
