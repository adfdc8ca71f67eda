import type { GeneratedWpToken, GenerateWpTokenBody } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { wordpressTokensQueryKey } from './get-wordpress-tokens';

export type { GeneratedWpToken };

/**
 * POST /api/generate-wp-token {tokenName, siteUrl}: 201 with the new token, `token` (`<tokenId>.<secret>`) included:
 * the only time the secret leaves the server. 400 `{ message }` for a bad name or address.
 */
export const generateWpToken = (body: GenerateWpTokenBody): Promise<GeneratedWpToken> =>
  api.post('/generate-wp-token', body, parser('generatedWpTokenSchema'));

/**
 * The list is fetched again rather than given the answer: the answer carries the secret, and the query cache must
 * never hold it (it outlives the view that shows the token once).
 */
export function useGenerateWpToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWpToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wordpressTokensQueryKey }),
  });
}
