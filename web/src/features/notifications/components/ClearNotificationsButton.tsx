import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { useClearNotifications, useNotifications } from '@/features/notifications/api/notifications';

/** Deletes all of the viewer's notifications. */
export function ClearNotificationsButton() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const clear = useClearNotifications();
  if (!notifications.data?.sections.length) return null;
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<Trash2 size={16} aria-hidden="true" />}
      busy={clear.isPending}
      onClick={() => clear.mutate()}
    >
      {t('notifications.clear')}
    </Button>
  );
}
