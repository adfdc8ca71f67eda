import {
  adminTicketsOffsetParamsSchema,
  adminTicketsPageSchema,
  adminTicketsQuerySchema,
  adminTicketsResponseSchema,
  responseTimesQuerySchema,
  responseTimesResponseSchema,
} from '@kreechat/contract';
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
        schema: {
          tags: ['admin'],
          querystring: adminTicketsQuerySchema,
          response: { 200: adminTicketsResponseSchema },
        },
      },
      async (request) => table.first(principalOf(request), request.query),
    );

    app.get(
      '/:offset/get-tickets',
      {
        config: { access: 'member' },
        schema: {
          tags: ['admin'],
          params: adminTicketsOffsetParamsSchema,
          querystring: adminTicketsQuerySchema,
          response: { 200: adminTicketsPageSchema },
        },
      },
      async (request) => table.page(principalOf(request), request.query, request.params.offset),
    );

    /** First-response times per department over a period (the admin panel's widgets): the whole company, admins only. */
    app.get(
      '/get-response-times',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          querystring: responseTimesQuerySchema,
          response: { 200: responseTimesResponseSchema },
        },
      },
      async (request) => table.responseTimes(principalOf(request), request.query),
    );
  };
