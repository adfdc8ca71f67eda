import {
  disconnectTelegramResponseSchema,
  emptyBodySchema,
  setupTelegramBodySchema,
  TELEGRAM_DISCONNECTED,
  TELEGRAM_NOT_CONNECTED,
  setupTelegramResponseSchema,
  TELEGRAM_SETUP_OK,
  telegramTokenStatusSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access';
import { NotFoundError } from '../../platform/errors';
import type { TelegramChannel } from './telegram.channel';

export const telegramRoutes =
  (telegram: TelegramChannel): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/setup-telegram',
      {
        config: { access: 'admin' },
        schema: { tags: ['channels'], body: setupTelegramBodySchema, response: { 200: setupTelegramResponseSchema } },
      },
      async (request) => {
        const result = await telegram.setup(principalOf(request).companyId, request.body.bot_id);
        return { message: TELEGRAM_SETUP_OK, ...result };
      },
    );

    app.post(
      '/disconnect-telegram',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['channels'],
          body: emptyBodySchema,
          response: { 200: disconnectTelegramResponseSchema },
        },
      },
      async (request) => {
        const result = await telegram.disconnect(principalOf(request).companyId);
        if (!result) throw new NotFoundError(TELEGRAM_NOT_CONNECTED);
        return { message: TELEGRAM_DISCONNECTED, ...result };
      },
    );

    app.get(
      '/admin/get-telegram-token',
      { config: { access: 'admin' }, schema: { tags: ['channels'], response: { 200: telegramTokenStatusSchema } } },
      async (request) => telegram.status(principalOf(request).companyId),
    );

    // Telegram's webhook: authenticated by the secret header, not by a session. The update is recorded whatever it
    // holds (NUL becomes U+FFFD, channels/storable.ts) rather than refused, which would lose the client's message.
    app.post(
      '/webhooks/telegram/:botKey',
      {
        config: { access: 'public', keepsUnstorableBody: true },
        schema: { tags: ['webhooks'], params: z.object({ botKey: z.string().min(1).max(100) }), hide: true },
      },
      async (request, reply) => {
        const secret = request.headers['x-telegram-bot-api-secret-token'];
        const status = await telegram.receiveWebhook(
          request.params.botKey,
          typeof secret === 'string' ? secret : undefined,
          request.body,
        );
        return reply.status(status).send(status === 200 ? { ok: true } : { message: 'Refused' });
      },
    );
  };
