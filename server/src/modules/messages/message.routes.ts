import type {} from '@fastify/multipart';
import {
  chatParamsSchema,
  chatQuerySchema,
  chatResponseSchema,
  chatSliceQuerySchema,
  chatSliceResponseSchema,
  MAX_UPLOAD_BYTES,
  messageListSchema,
  messageResponseSchema,
  noteMentionsQuerySchema,
  noteMentionsResponseSchema,
  retryMessageBodySchema,
  searchMessageQuerySchema,
  sendFileFieldsSchema,
  sendMessageBodySchema,
  sendNoteBodySchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import { ValidationError } from '../../platform/errors';
import { readUpload } from '../../platform/multipart';
import type { ChatService } from './chat.service';

/**
 * A ticket's chat: history by day, slices around a message, search, the handler's text, files and retries, and
 * any viewer's internal notes.
 */
export const messageRoutes =
  (chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
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
      '/send-note',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], body: sendNoteBodySchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const { ticketid, content, idempotencyKey } = request.body;
        return { message: await chat.sendNote(principalOf(request), ticketid, content, idempotencyKey) };
      },
    );

    app.get(
      '/note-mentions',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], querystring: noteMentionsQuerySchema, response: { 200: noteMentionsResponseSchema } },
      },
      async (request) => ({ agents: await chat.mentionable(principalOf(request), request.query.ticketid) }),
    );

    app.post(
      '/send-file',
      {
        config: { access: 'member' },
        schema: { tags: ['chat'], consumes: ['multipart/form-data'], response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const { file, fields } = await readUpload(request, sendFileFieldsSchema, MAX_UPLOAD_BYTES);
        return { message: await chat.sendFile(principalOf(request), fields.ticketid, file, fields.idempotencyKey) };
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
