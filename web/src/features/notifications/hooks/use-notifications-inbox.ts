import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '@kreechat/contract';
import { dayKey } from '@/lib/dates';
import { useSocketEvents, type WorkspaceSocket } from '@/lib/socket';
import {
  notificationsQueryKey,
  useNotifications,
  useResetNotificationsCount,
} from '@/features/notifications/api/notifications';
import { upsertNotification } from '@/features/notifications/lib/notification-cache';

/** SPEC §9: the status banner shows for about a second. */
export const BANNER_MS = 1_000;

/**
 * The inbox behind the header bubble: the unseen count, the panel's open state (opening marks all seen), live
 * newNotification events, and the transient banner for one that arrives while the panel is closed.
 */
export function useNotificationsInbox(socket: WorkspaceSocket | null) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const reset = useResetNotificationsCount();
  const [open, setOpenState] = useState(false);
  const [banner, setBanner] = useState<Notification | null>(null);

  const count = notifications.data?.count ?? 0;
  const resetCount = reset.mutate;

  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      if (next && count > 0) resetCount();
    },
    [resetCount, count],
  );

  useSocketEvents(socket, {
    newNotification: ({ notification, count: unseen }) => {
      const day = dayKey(notification.created_on);
      queryClient.setQueryData<NotificationsResponse>(
        notificationsQueryKey,
        (data) => data && upsertNotification(data, notification, unseen, day),
      );
      // Arriving while the panel shows, it is seen at once.
      if (open) resetCount();
      else setBanner(notification);
    },
    connect: () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return { notifications, count, open, setOpen, banner };
}
