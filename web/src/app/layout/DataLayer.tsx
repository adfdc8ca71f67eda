import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * The server-data cache (TanStack Query) of every screen below it. A lazy layout of its own: /login, which needs
 * none of it, does not download TanStack Query or the contract's schemas. Every screen that does shares the one
 * client, so moving between them keeps the cache.
 */
export function DataLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
