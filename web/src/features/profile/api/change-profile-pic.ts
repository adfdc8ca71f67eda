import type { ChangeProfilePicResponse, Profile } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

/** POST /api/auth/change-profile-pic: multipart {file}; answers where the new picture is served. */
export const changeProfilePic = (file: File): Promise<ChangeProfilePicResponse> => {
  const form = new FormData();
  form.append('file', file);
  return api.upload('/auth/change-profile-pic', form, parser('changeProfilePicResponseSchema'));
};

export function useChangeProfilePic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProfilePic,
    onSuccess: ({ profilePic }) =>
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) => (profile ? { ...profile, profilePic } : profile)),
  });
}
