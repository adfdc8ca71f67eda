import { WP_TOKEN_MESSAGES } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { deleteTokenPath } from '@/features/admin-settings/lib/wordpress-tokens';
import { wordpressTokensQueryKey, type WordpressToken } from './get-wordpress-tokens';

/**
 * DELETE /api/delete-wordpress-token/{tokenId}/{createdAt}: revokes the token, and every widget session of it ends
 * at once. 404 `{ message: '⚠️ Invalid token!' }` when the pair names no token of the company. A pair the server's
 * schema would refuse is refused here with the same 400 and message, without a request.
 */
export const deleteWordpressToken = (token: Pick<WordpressToken, 'token_id' | 'created_at'>): Promise<unknown> => {
  const path = deleteTokenPath(token.token_id, token.created_at);
  if (!path) {
    const body = { message: WP_TOKEN_MESSAGES.invalidToken };
    return Promise.reject(new ApiError(400, body.message, body));
  }
  return api.delete(path, parser('okSchema'));
};

export function useDeleteWordpressToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWordpressToken,
    // A 404 means the list is stale too: it is read again whatever the answer.
    onSettled: () => queryClient.invalidateQueries({ queryKey: wordpressTokensQueryKey }),
  });
}
