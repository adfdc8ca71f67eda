import { useQueryClient } from '@tanstack/react-query';
import { usePanelSocket, useSocketEvents } from '@/lib/socket';
import { whatsAppTemplatesQueryKey, type WhatsAppTemplate } from '@/features/admin-settings/api/get-whatsapp-templates';
import { patchTemplateStatus } from '@/features/admin-settings/lib/whatsapp-templates';

/**
 * Keeps the templates list's statuses current from `templateStatus` (Meta's review result, sent to the company's
 * admins). A template the list does not hold, or a reconnection (events may have been missed), reads it again.
 */
export function useLiveTemplates(): void {
  const queryClient = useQueryClient();
  const reread = () => void queryClient.invalidateQueries({ queryKey: whatsAppTemplatesQueryKey });
  useSocketEvents(usePanelSocket(), {
    templateStatus: (event) => {
      const { list, found } = patchTemplateStatus(
        queryClient.getQueryData<WhatsAppTemplate[]>(whatsAppTemplatesQueryKey),
        event,
      );
      if (found) queryClient.setQueryData(whatsAppTemplatesQueryKey, list);
      else reread();
    },
    connect: reread,
  });
}
