import type { WordpressToken } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WordpressToken };

/**
 * GET /api/get-wordpress-tokens: the company's plugin tokens with their site, when a widget last reached KreeChat
 * and its open sessions. Never a secret.
 */
export const getWordpressTokens = (signal?: AbortSignal): Promise<WordpressToken[]> =>
  api.get('/get-wordpress-tokens', parser('wordpressTokensSchema'), signal);

export const wordpressTokensQueryKey = ['admin', 'wordpress', 'tokens'] as const;

export function useWordpressTokens() {
  return useQuery(
    queryOptions({ queryKey: wordpressTokensQueryKey, queryFn: ({ signal }) => getWordpressTokens(signal) }),
  );
}
