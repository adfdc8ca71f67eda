import { adminTicketsOffsetParamsSchema, adminTicketsPageSchema, adminTicketsResponseSchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { TicketTableService } from './ticket-table.service';

export const ticketTableRoutes =
  (table: TicketTableService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/get-tickets',
      {
        config: { access: 'member' },
        schema: { tags: ['admin'], response: { 200: adminTicketsResponseSchema } },
      },
      async (request) => table.first(principalOf(request)),
    );

    app.get(
      '/:offset/get-tickets',
      {
        config: { access: 'member' },
        schema: { tags: ['admin'], params: adminTicketsOffsetParamsSchema, response: { 200: adminTicketsPageSchema } },
      },
      async (request) => table.page(principalOf(request), request.params.offset),
    );
  };
