import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { connection } from './connection';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network blips and 5xx get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one cache, made when the first screen that reads server data loads (app/layout/DataLayer.tsx); a login
 * clears it (features/auth) so nothing of a previous user shows.
 */
export const queryClient = createQueryClient();

// The server is back after calls failed: whatever the page shows is fetched again.
connection.onRecovered(() => void queryClient.invalidateQueries());

/**
 * Call after a live event wrote into cached queries under `queryKey`. A fetch of them already in flight started
 * before the event's change was committed, and its answer would overwrite what the event wrote (a new ticket would
 * vanish again): start a fresh fetch instead, which replaces the stale one.
 */
export function refetchIfInFlight(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
}
