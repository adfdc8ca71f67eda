import {
  notificationCountSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  saveNotificationBodySchema,
  saveNotificationParamsSchema,
  saveNotificationResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { NotificationService } from './notification.service';

export const notificationRoutes =
  (notifications: NotificationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      {
        config: { access: 'member' },
        schema: {
          tags: ['notifications'],
          querystring: notificationsQuerySchema,
          response: { 200: notificationsResponseSchema },
        },
      },
      async (request) => notifications.list(principalOf(request), request.query.tz),
    );

    app.post(
      '/reset-notifications-count',
      {
        config: { access: 'member' },
        schema: { tags: ['notifications'], response: { 200: notificationCountSchema } },
      },
      async (request) => notifications.markAllSeen(principalOf(request)),
    );

    app.post(
      '/clear-notifications',
      {
        config: { access: 'member' },
        schema: { tags: ['notifications'], response: { 200: notificationCountSchema } },
      },
      async (request) => notifications.clear(principalOf(request)),
    );

    app.post(
      '/:receiverid/save-notification',
      {
        config: { access: 'member' },
        schema: {
          tags: ['notifications'],
          params: saveNotificationParamsSchema,
          body: saveNotificationBodySchema,
          response: { 200: saveNotificationResponseSchema },
        },
      },
      async (request) => ({
        notification: await notifications.savePrivate(principalOf(request), request.params.receiverid, request.body),
      }),
    );
  };
