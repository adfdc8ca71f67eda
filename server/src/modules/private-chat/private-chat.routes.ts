import {
  createPrivateMessageBodySchema,
  createPrivateMessageResponseSchema,
  privateChatParamsSchema,
  privateChatQuerySchema,
  privateChatResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { PrivateChatService } from './private-chat.service';

export const privateChatRoutes =
  (chats: PrivateChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:userId/private-chat',
      {
        config: { access: 'member' },
        schema: {
          tags: ['private-chat'],
          params: privateChatParamsSchema,
          querystring: privateChatQuerySchema,
          response: { 200: privateChatResponseSchema },
        },
      },
      async (request) =>
        chats.history(principalOf(request), request.params.userId, request.query.before, request.query.tz),
    );

    app.post(
      '/create-private-msg',
      {
        config: { access: 'member' },
        schema: {
          tags: ['private-chat'],
          body: createPrivateMessageBodySchema,
          response: { 200: createPrivateMessageResponseSchema },
        },
      },
      async (request) => ({ message: await chats.send(principalOf(request), request.body) }),
    );
  };
