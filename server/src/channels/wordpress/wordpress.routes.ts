import {
  acceptWordpressTicketBodySchema,
  chatResponseSchema,
  closeWordpressTicketBodySchema,
  deleteWpTokenParamsSchema,
  generatedWpTokenSchema,
  generateWpTokenBodySchema,
  MAX_UPLOAD_BYTES,
  messageResponseSchema,
  sendMessageBodySchema,
  ticketResponseSchema,
  wordpressFileFieldsSchema,
  wordpressMessagesQuerySchema,
  wordpressTokensSchema,
  WORDPRESS_CLIENT_EMAIL_HEADER,
  WORDPRESS_TOKEN_HEADER,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access';
import { ValidationError } from '../../platform/errors';
import { readUpload } from '../../platform/multipart';
import type { WordpressChannel } from './wordpress.channel';

/**
 * SPEC §7's WordPress calls: the admins' tokens and the plugin's download, and the agents' WordPress variants of
 * accept, close, history and send (the site token and the visitor's e-mail name a ticket of the caller's company).
 */
export const wordpressRoutes =
  (wordpress: WordpressChannel): FastifyPluginAsyncZod =>
  async (app) => {
    const { tokens, agentCalls, pluginZip } = wordpress;
    const admin = { config: { access: 'admin' as const } };
    const member = { config: { access: 'member' as const } };

    app.get(
      '/get-wordpress-tokens',
      { ...admin, schema: { tags: ['wordpress'], response: { 200: wordpressTokensSchema } } },
      async (request) => tokens.list(principalOf(request)),
    );

    app.post(
      '/generate-wp-token',
      {
        ...admin,
        schema: { tags: ['wordpress'], body: generateWpTokenBodySchema, response: { 201: generatedWpTokenSchema } },
      },
      async (request, reply) => {
        const token = await tokens.generate(principalOf(request), request.body);
        // Shown once: no cache, no proxy, no back-button copy keeps it.
        return reply.status(201).header('Cache-Control', 'no-store').send(token);
      },
    );

    app.delete(
      '/delete-wordpress-token/:tokenId/:createdAt',
      {
        ...admin,
        schema: {
          tags: ['wordpress'],
          params: deleteWpTokenParamsSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => tokens.revoke(principalOf(request), request.params.tokenId, request.params.createdAt),
    );

    app.get('/wordpress/plugin.zip', { ...admin, schema: { tags: ['wordpress'] } }, async (_request, reply) =>
      reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="kreechat.zip"')
        .send(Buffer.from(await pluginZip())),
    );

    app.post(
      '/accept-wordpress-ticket',
      {
        ...member,
        schema: { tags: ['wordpress'], body: acceptWordpressTicketBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => {
        const { company_wordpress_token: token, client_email: email, companyid } = request.body;
        return { ticket: await agentCalls.accept(principalOf(request), { token, email, companyId: companyid }) };
      },
    );

    app.post(
      '/close-wordpress-ticket',
      {
        ...member,
        schema: { tags: ['wordpress'], body: closeWordpressTicketBodySchema, response: { 200: ticketResponseSchema } },
      },
      async (request) => {
        const { companyWordpressToken: token, clientEmail: email } = request.body;
        return { ticket: await agentCalls.close(principalOf(request), { token, email }) };
      },
    );

    app.get(
      '/get-kreechat-wordpress-messages',
      {
        ...member,
        schema: {
          tags: ['wordpress'],
          querystring: wordpressMessagesQuerySchema,
          response: { 200: chatResponseSchema },
        },
      },
      async (request) => {
        const { companyWordpressToken: token, clientEmail: email, index, tz } = request.query;
        return agentCalls.history(principalOf(request), { token, email }, index ?? 0, tz);
      },
    );

    app.post(
      '/send-message-to-wordpress',
      {
        ...member,
        schema: {
          tags: ['wordpress'],
          body: sendMessageBodySchema.partial({ ticketid: true }),
          headers: z.object({
            [WORDPRESS_CLIENT_EMAIL_HEADER]: z.string().trim().toLowerCase().max(254).optional(),
            [WORDPRESS_TOKEN_HEADER]: z.string().trim().max(64).optional(),
          }),
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const { content, ticketid, idempotencyKey } = request.body;
        const token = request.headers[WORDPRESS_TOKEN_HEADER];
        const email = request.headers[WORDPRESS_CLIENT_EMAIL_HEADER];
        if (!ticketid && (!token || !email)) {
          throw new ValidationError('Name the ticket: its id, or the site token and the client e-mail headers');
        }
        const ticket = ticketid ? { ticketId: ticketid } : { token: token!, email: email! };
        return { message: await agentCalls.sendText(principalOf(request), ticket, content, idempotencyKey) };
      },
    );

    app.post(
      '/send-wordpress-file-to-plugin',
      {
        ...member,
        schema: { tags: ['wordpress'], consumes: ['multipart/form-data'], response: { 200: messageResponseSchema } },
      },
      async (request) => {
        const { file, fields } = await readUpload(request, wordpressFileFieldsSchema, MAX_UPLOAD_BYTES);
        const { companyWordpressToken: token, clientEmail: email, idempotencyKey } = fields;
        return { message: await agentCalls.sendFile(principalOf(request), { token, email }, file, idempotencyKey) };
      },
    );
  };
