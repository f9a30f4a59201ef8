import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageTitle } from '../ui/page-title.tsx';
import { useDocumentTitle } from './document-title.ts';

function Tab({ page, brand = 'Northwind Legal' }: { page: string | null; brand?: string }) {
  useDocumentTitle(brand, `${brand} workspace`);
  return <MantineProvider>{page && <PageTitle>{page}</PageTitle>}</MantineProvider>;
}

afterEach(cleanup);

describe('page titles', () => {
  it("name the page in its one h1 and in the tab, with the brand's display name", () => {
    const { rerender } = render(<Tab page="Documents" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Documents');
    expect(document.title).toBe('Documents · Northwind Legal');
    rerender(<Tab page="File Cabinet" />);
    expect(document.title).toBe('File Cabinet · Northwind Legal');
    // A page without a title of its own leaves the brand's.
    rerender(<Tab page={null} />);
    expect(document.title).toBe('Northwind Legal workspace');
  });
});
