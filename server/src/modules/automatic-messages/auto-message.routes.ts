import {
  autoMessageBodySchema,
  autoMessageKindParamsSchema,
  autoMessageSchema,
  autoMessagesResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { AutoMessageService } from './auto-message.service';

export const autoMessageRoutes =
  (autoMessages: AutoMessageService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/automatic-messages',
      {
        config: { access: 'admin' },
        schema: { tags: ['automatic-messages'], response: { 200: autoMessagesResponseSchema } },
      },
      async (request) => autoMessages.list(principalOf(request).companyId),
    );

    app.put(
      '/automatic-messages/:kind',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['automatic-messages'],
          params: autoMessageKindParamsSchema,
          // The texts' variables depend on the kind in the path: the service checks them (autoMessageBodyFor).
          body: autoMessageBodySchema,
          response: { 200: autoMessageSchema },
        },
      },
      async (request) => autoMessages.update(principalOf(request).companyId, request.params.kind, request.body),
    );
  };
