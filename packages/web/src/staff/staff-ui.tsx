import { Alert, Group, Pagination, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorMessage } from '../api/api-error.ts';

export const LOAD_FAILED = 'Sorry, there was a problem loading the page.';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={2}>{title}</Title>
      {children}
    </Group>
  );
}

export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" mb="md">
      {errorMessage(error, LOAD_FAILED)}
    </Alert>
  );
}

/** A search box whose text is sent 300 ms after the last key, back on page 1. */
export function useSearch() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(text.trim(), 300);
  const input = (label: string) => (
    <TextInput
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setPage(1);
      }}
      mb="md"
      maw={420}
    />
  );
  return { q, page, setPage, input };
}

export function Pages({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.ceil(total / pageSize);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total} found
      </Text>
      {pages > 1 ? <Pagination value={page} total={pages} onChange={onChange} size="sm" /> : null}
    </Group>
  );
}

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
