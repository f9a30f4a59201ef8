import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the User Profile page, named by its title. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="xl" shadow="xs" component="section" aria-label={title}>
      <Stack gap={2} mb="lg">
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}
