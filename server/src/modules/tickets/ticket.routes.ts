import type {} from '@fastify/multipart';
import {
  acceptTicketBodySchema,
  assignableAgentListSchema,
  changeDepartmentBodySchema,
  getAgentsParamsSchema,
  getAgentsQuerySchema,
  reassignUserBodySchema,
  searchTicketParamsSchema,
  chatParamsSchema,
  chatQuerySchema,
  chatResponseSchema,
  chatSliceQuerySchema,
  chatSliceResponseSchema,
  closedTicketsParamsSchema,
  closedTicketsQuerySchema,
  closeTicketBodySchema,
  MAX_UPLOAD_BYTES,
  messageListSchema,
  messageResponseSchema,
  retryMessageBodySchema,
  searchMessageQuerySchema,
  sendFileFieldsSchema,
  sendMessageBodySchema,
  ticketListSchema,
  ticketResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import { ValidationError } from '../../platform/errors';
import type { ChatService } from './chat.service';
import type { TicketService } from './ticket.service';

export const ticketRoutes =
  (tickets: TicketService, chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tickets',
      { config: { access: 'member' }, schema: { tags: ['tickets'], response: { 200: ticketListSchema } } },
      async (request) => tickets.listOpen(principalOf(request)),
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

    app.get(
      '/:id/:index/chat',
      {
        config: { access: 'member' },
        schema: {
          tags: ['chat'],
          params: chatParamsSchema,
          querystring: chatQuerySchema,
          response: { 200: chatResponseSchema },
        },
      },
      async (request) => chat.history(principalOf(request), request.params.id, request.params.index, request.query.tz),
    );

    app.post(
      '/send-message',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], body: sendMessageBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const { ticketid, content, idempotencyKey } = request.body;
        return { message: await chat.sendText(principalOf(request), ticketid, content, idempotencyKey) };
      },
    );

    app.post(
      '/send-file',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], consumes: ['multipart/form-data'], response: { 200: messageResponseSchema } },
      },
      async (request) => {
        if (!request.isMultipart()) throw new ValidationError('Send the file as multipart/form-data');
        const fields: Record<string, string> = {};
        let file: { bytes: Buffer; name: string } | undefined;
        for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
          if (part.type === 'file') file = { bytes: await part.toBuffer(), name: part.filename || 'file' };
          else fields[part.fieldname] = String(part.value);
        }
        if (!file) throw new ValidationError('No file was chosen');
        const parsed = sendFileFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid fields');
        return {
          message: await chat.sendFile(principalOf(request), parsed.data.ticketid, file, parsed.data.idempotencyKey),
        };
      },
    );

    app.post(
      '/retry-message',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], body: retryMessageBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => ({ message: await chat.retry(principalOf(request), request.body.messageid) }),
    );

    app.get(
      '/search-message',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], querystring: searchMessageQuerySchema, response: { 200: messageListSchema } },
      },
      async (request) => chat.search(principalOf(request), request.query.ticketid, request.query.keyword),
    );

    app.get(
      '/get-chat-slice',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], querystring: chatSliceQuerySchema, response: { 200: chatSliceResponseSchema } },
      },
      async (request) => {
        const { ticketid, messageid, lastIndex, scrollUp, scrollDown, tz } = request.query;
        const viewer = principalOf(request);
        if (scrollUp || scrollDown) {
          if (scrollUp && scrollDown) throw new ValidationError('Scroll up or down, not both');
          if (lastIndex === undefined) throw new ValidationError('lastIndex is required to scroll');
          return chat.slicePage(viewer, ticketid, lastIndex, scrollUp ? 'older' : 'newer', tz);
        }
        if (!messageid) throw new ValidationError('messageid is required');
        return chat.sliceAround(viewer, ticketid, messageid, tz);
      },
    );
  };
