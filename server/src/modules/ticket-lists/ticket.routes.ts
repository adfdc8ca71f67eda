import {
  acceptTicketBodySchema,
  assignableAgentListSchema,
  changeDepartmentBodySchema,
  getAgentsParamsSchema,
  getAgentsQuerySchema,
  reassignUserBodySchema,
  searchTicketParamsSchema,
  closedTicketsParamsSchema,
  closedTicketsQuerySchema,
  closeTicketBodySchema,
  reopenTicketBodySchema,
  ticketListSchema,
  ticketParamsSchema,
  ticketResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { TicketService } from './ticket.service';

export const ticketRoutes =
  (tickets: TicketService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tickets',
      { config: { access: 'member' }, schema: { tags: ['tickets'], response: { 200: ticketListSchema } } },
      async (request) => tickets.listOpen(principalOf(request)),
    );

    app.get(
      '/ticket/:ticketid',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], params: ticketParamsSchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => ({ ticket: await tickets.get(principalOf(request), request.params.ticketid) }),
    );

    app.get(
      '/:department/closed-tickets',
      {
        config: { access: 'member' },
        schema: {
          tags: ['tickets'],
          params: closedTicketsParamsSchema,
          querystring: closedTicketsQuerySchema,
          response: { 200: ticketListSchema },
        },
      },
      async (request) => tickets.listClosed(principalOf(request), request.params.department, request.query.count),
    );

    app.post(
      '/acceptTicket',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], body: acceptTicketBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => ({ ticket: await tickets.accept(principalOf(request), request.body.ticketid) }),
    );

    app.post(
      '/close-ticket',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], body: closeTicketBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => ({ ticket: await tickets.close(principalOf(request), request.body.ticketid) }),
    );

    app.post(
      '/reopen-ticket',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], body: reopenTicketBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => ({ ticket: await tickets.reopen(principalOf(request), request.body.ticketid) }),
    );

    app.get(
      '/search-ticket/:keyword/:scope',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], params: searchTicketParamsSchema, response: { 200: ticketListSchema } },
      },
      async (request) => tickets.search(principalOf(request), request.params.keyword, request.params.scope),
    );

    app.get(
      '/:ticketid/get-agents',
      {
        config: { access: 'member' },
        schema: {
          tags: ['tickets'],
          params: getAgentsParamsSchema,
          querystring: getAgentsQuerySchema,
          response: { 200: assignableAgentListSchema },
        },
      },
      async (request) =>
        tickets.assignableAgents(principalOf(request), request.params.ticketid, request.query.departmentid),
    );

    app.post(
      '/ticket/reassign-user',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], body: reassignUserBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => {
        const { ticketid, newDepartment, newUser } = request.body;
        const target = { departmentId: newDepartment, userId: newUser };
        return { ticket: await tickets.reassign(principalOf(request), ticketid, target) };
      },
    );

    app.post(
      '/ticket/change-department',
      {
        config: { access: 'member' },
        schema: { tags: ['tickets'], body: changeDepartmentBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => {
        const target = { departmentId: request.body.newDepartment, userId: null };
        return { ticket: await tickets.reassign(principalOf(request), request.body.ticketid, target) };
      },
    );
  };
