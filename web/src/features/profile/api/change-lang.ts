import type { Language, Profile } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';
import { userPrefQueryKey, type UserPref } from '@/lib/session';
import { profileQueryKey } from './get-profile';

/** POST /api/auth/change-lang: saves the interface language on the account. */
export const changeLang = (lang: Language): Promise<unknown> => api.post('/auth/change-lang', { lang });

export function useChangeLang() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLang,
    onSuccess: async (_data, lang) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) => (profile ? { ...profile, lang } : profile));
      queryClient.setQueryData<UserPref>(userPrefQueryKey, { lang });
      await applyLanguage(lang);
    },
  });
}
