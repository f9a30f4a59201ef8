import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrandProvider } from './brand.tsx';
import { NoticesProvider } from './notices.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRouter } from './router.tsx';
import { SessionProvider } from './session.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <NoticesProvider>
            <BrandProvider>
              <SessionProvider>
                <AppRouter />
              </SessionProvider>
            </BrandProvider>
          </NoticesProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
