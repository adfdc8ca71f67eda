import { blockClientResponseSchema, clientIdParamsSchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { ClientService } from './client.service';

export const clientRoutes =
  (clients: ClientService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/:clientid/block',
      {
        config: { access: 'admin' },
        schema: { tags: ['clients'], params: clientIdParamsSchema, response: { 200: blockClientResponseSchema } },
      },
      async (request) => clients.toggleBlocked(principalOf(request).companyId, request.params.clientid),
    );
  };
