import { agentEraseParamsSchema, agentEraseResponseSchema, emptyBodySchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { AgentEraser } from './agent-erase.service';

export const agentEraseRoutes =
  (eraser: AgentEraser): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/agents/:userid/erase',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['agents'],
          params: agentEraseParamsSchema,
          body: emptyBodySchema,
          response: { 200: agentEraseResponseSchema },
        },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return eraser.erase(companyId, userId, request.params.userid);
      },
    );
  };
