import type { EditBusinessProfileFields } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessProfileQueryKey } from './get-business-profile';

export type EditBusinessProfile = { fields: EditBusinessProfileFields; picture: File | null };

/**
 * POST /api/edit-whatsapp-profile, multipart: profileId, about, email, description, website, address and, when a
 * new one was chosen, the file `profilePicture` (JPEG or PNG). An empty text field is sent empty.
 */
export function editWhatsAppProfile({ fields, picture }: EditBusinessProfile): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
  if (picture) form.append('profilePicture', picture, picture.name);
  return api.upload('/edit-whatsapp-profile', form);
}

export function useEditWhatsAppProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editWhatsAppProfile,
    onSuccess: (_result, { fields }) =>
      queryClient.invalidateQueries({ queryKey: businessProfileQueryKey(fields.profileId) }),
  });
}
