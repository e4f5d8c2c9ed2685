import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { UiProvider } from './ui';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <ErrorBoundary>{children}</ErrorBoundary>
      </UiProvider>
    </QueryClientProvider>
  );
}
