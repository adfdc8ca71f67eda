import type { UpdateProfileBody } from '@kreechat/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/update-profile: changes the user's own name and e-mail. The caller logs out afterwards
 * (SPEC §5: updating one's own account forces a new login).
 */
export const updateProfile = (body: UpdateProfileBody): Promise<unknown> => api.post('/auth/update-profile', body);

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
