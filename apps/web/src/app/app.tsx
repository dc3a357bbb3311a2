import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/lib/query-client';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Renders nothing while a chosen language's texts load (lib/i18n.ts), never English first. */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
