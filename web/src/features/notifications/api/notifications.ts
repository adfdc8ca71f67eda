import type { NotificationsResponse } from '@kreechat/contract';
import { parser } from '@/lib/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/dates';

/** GET /api/notifications?tz=…: the newest 200 in day sections, newest first, and the unseen count. */
export const getNotifications = (signal?: AbortSignal): Promise<NotificationsResponse> =>
  api.get(`/notifications?tz=${encodeURIComponent(viewerTimeZone())}`, parser('notificationsResponseSchema'), signal);

export const notificationsQueryKey = ['notifications'] as const;

export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    // newNotification keeps it current; every socket (re)connection refetches it.
    staleTime: Infinity,
  });
}

/** POST /api/reset-notifications-count: everything seen (the panel was opened). Fails silently (SPEC §8). */
export function useResetNotificationsCount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/reset-notifications-count', {}, parser('notificationCountSchema')),
    onMutate: () =>
      queryClient.setQueryData<NotificationsResponse>(notificationsQueryKey, (data) => data && { ...data, count: 0 }),
  });
}

/** POST /api/clear-notifications: deletes the caller's notifications. */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/clear-notifications', {}, parser('notificationCountSchema')),
    onSuccess: () => queryClient.setQueryData<NotificationsResponse>(notificationsQueryKey, { sections: [], count: 0 }),
  });
}
