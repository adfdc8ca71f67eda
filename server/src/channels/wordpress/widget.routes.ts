import fs from 'node:fs';
import path from 'node:path';
import type {} from '@fastify/multipart';
import {
  chooseWidgetDepartmentBodySchema,
  createdWidgetSessionSchema,
  createWidgetSessionBodySchema,
  MAX_UPLOAD_BYTES,
  proveWidgetIdentityBodySchema,
  rateWidgetTicketBodySchema,
  sendWidgetMessageBodySchema,
  sentWidgetMessageSchema,
  uuidSchema,
  widgetMessagesQuerySchema,
  widgetMessagesSchema,
  widgetSessionSchema,
} from '@kreechat/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressBucket } from '../../platform/client-address';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { readUpload } from '../../platform/multipart';
import type { WidgetService } from './widget.service';

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
};

const fileFieldsSchema = z.object({
  clientMessageId: uuidSchema,
  caption: z.string().trim().max(1024).optional(),
  departmentId: uuidSchema.optional(),
});

/**
 * The widget's API, called from the company's site (another origin) with a bearer session, never a cookie — so
 * the same-origin rule of the agents' API does not apply here (platform/http.ts leaves /api/widget/ to these
 * checks): each call is served to the session's own site origin only, and refused (403) from any other.
 *
 * CORS lets a page read an answer only when it is the answer's own site's: a call that named a live session is
 * readable by that session's site origin, POST /widget/sessions by its token's — refusals (401, 403, 429) included,
 * as the widget acts on them. A call whose session is gone (or unreadable) is readable by any site some token names,
 * since only the site that held the session can learn it is gone that way; preflights likewise, so a page of a site
 * KreeChat does not know is not even let to send. Any other origin gets no Access-Control-Allow-Origin at all.
 * The widget's scripts stay public to all.
 */
export const widgetRoutes =
  (widget: WidgetService, options: { webDist?: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const open = { config: { access: 'public' as const } };
    const tags = ['widget'];
    /** The site origin of the session or token a call named, as soon as it is known. */
    const siteOf = new WeakMap<FastifyRequest, string>();
    /** POST /widget/sessions: the token id its body names (undefined when it names none). */
    const tokenNamed = new WeakMap<FastifyRequest, string | undefined>();

    app.addHook('onRequest', async (_request, reply) => {
      // The widget's files and script are read by other sites' pages (helmet's default says same-origin).
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.hasHeader('Access-Control-Allow-Origin')) return payload;
      const vary = reply.getHeader('Vary');
      reply.header('Vary', vary ? `${String(vary)}, Origin` : 'Origin');
      const origin = request.headers.origin;
      if (!origin) return payload;
      let readable = false;
      const site = siteOf.get(request);
      const tokenId = tokenNamed.get(request);
      if (site !== undefined) readable = site === origin;
      // A body that names no token is nobody's to read.
      else if (!tokenNamed.has(request) || tokenId !== undefined) {
        try {
          readable = await widget.readableBy(origin, tokenId);
        } catch (error) {
          // The answer (most likely the database's 503) still goes; unreadable to the page, which retries.
          request.log.warn({ err: error }, 'widget CORS check failed');
          readable = false;
        }
      }
      // Retry-After too: the widget says how long to wait after a 429.
      if (readable) {
        reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', 'Retry-After');
      }
      return payload;
    });

    app.options('/widget/*', { ...open, schema: { tags, hide: true } }, async (_request, reply) =>
      reply
        .status(204)
        .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
        .header('Access-Control-Max-Age', '600')
        .send(),
    );

    const session = (request: FastifyRequest, options: { identityCheck?: boolean } = {}) =>
      widget.resolve(bearerOf(request), request.headers.origin, {
        ...options,
        found: (s) => siteOf.set(request, s.siteOrigin),
      });
    const address = (request: FastifyRequest) => addressBucket(request.ip);

    /**
     * The loader the plugin enqueues (widget.js, a few hundred bytes) and the widget it fetches once the page is
     * idle (widget-app.js). Not content-hashed (a site's pages name them): revalidated often, cheaply by ETag.
     */
    const scripts = ['widget.js', 'widget-app.js'] as const;
    for (const name of scripts) {
      const file = options.webDist ? path.join(options.webDist, 'widget', name) : undefined;
      const everyone = async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.header('Access-Control-Allow-Origin', '*');
      };
      app.get(`/widget/${name}`, { ...open, schema: { tags }, onRequest: everyone }, async (_request, reply) => {
        if (!file || !fs.existsSync(file)) throw new NotFoundError('The widget is not built (npm run build)');
        return reply
          .header('Content-Type', 'text/javascript; charset=utf-8')
          .header('Cache-Control', 'public, max-age=300')
          .send(fs.createReadStream(file));
      });
    }

    app.post(
      '/widget/sessions',
      {
        ...open,
        schema: { tags, body: createWidgetSessionBodySchema, response: { 201: createdWidgetSessionSchema } },
        // Before validation, so even a refused body's answer goes to the named token's site (the guest form shows it).
        preValidation: async (request) => {
          const tokenId = (request.body as { tokenId?: unknown } | undefined)?.tokenId;
          tokenNamed.set(request, typeof tokenId === 'string' ? tokenId : undefined);
        },
      },
      async (request, reply) => {
        const created = await widget.createSession({
          ...request.body,
          origin: request.headers.origin,
          address: address(request),
        });
        // Made only from the token's own site origin.
        if (request.headers.origin) siteOf.set(request, request.headers.origin);
        return reply.status(201).header('Cache-Control', 'no-store').send(created);
      },
    );

    app.post(
      '/widget/session/identity',
      { ...open, schema: { tags, body: proveWidgetIdentityBodySchema, response: { 200: widgetSessionSchema } } },
      async (request, reply) => {
        const visitor = await session(request, { identityCheck: false });
        return reply
          .header('Cache-Control', 'no-store')
          .send(await widget.proveIdentity(visitor, request.body.identity));
      },
    );

    app.get(
      '/widget/session',
      { ...open, schema: { tags, response: { 200: widgetSessionSchema } } },
      async (request, reply) =>
        reply.header('Cache-Control', 'no-store').send(await widget.describe(await session(request))),
    );

    app.get(
      '/widget/messages',
      { ...open, schema: { tags, querystring: widgetMessagesQuerySchema, response: { 200: widgetMessagesSchema } } },
      async (request, reply) =>
        reply.header('Cache-Control', 'no-store').send(await widget.messages(await session(request), request.query)),
    );

    app.post(
      '/widget/messages',
      { ...open, schema: { tags, body: sendWidgetMessageBodySchema, response: { 200: sentWidgetMessageSchema } } },
      async (request) => widget.send(await session(request), address(request), request.body),
    );

    app.post(
      '/widget/files',
      { ...open, schema: { tags, consumes: ['multipart/form-data'], response: { 200: sentWidgetMessageSchema } } },
      async (request) => {
        // The session first: a stranger's upload is refused before a byte of it is read.
        const visitor = await session(request);
        const { file, fields } = await readUpload(request, fileFieldsSchema, MAX_UPLOAD_BYTES);
        if (file.bytes.length === 0) throw new ValidationError('The file is empty');
        return widget.sendFile(visitor, address(request), {
          clientMessageId: fields.clientMessageId,
          caption: fields.caption || null,
          departmentId: fields.departmentId,
          file,
        });
      },
    );

    app.post(
      '/widget/department',
      { ...open, schema: { tags, body: chooseWidgetDepartmentBodySchema } },
      async (request, reply) => {
        await widget.chooseDepartment(await session(request), address(request), request.body.departmentId);
        return reply.status(204).send();
      },
    );

    app.post(
      '/widget/rating',
      { ...open, schema: { tags, body: rateWidgetTicketBodySchema } },
      async (request, reply) => {
        const { ticketId, rating } = request.body;
        await widget.rate(await session(request), address(request), ticketId, rating);
        return reply.status(204).send();
      },
    );

    app.post('/widget/end', { ...open, schema: { tags } }, async (request, reply) => {
      // Ending needs no fresh proof: a visitor who logged out of the site must be able to end what they leave.
      await widget.end(await session(request, { identityCheck: false }));
      return reply.status(204).send();
    });

    app.get(
      '/widget/files/:messageId',
      { ...open, schema: { tags, params: z.object({ messageId: uuidSchema }) } },
      async (request, reply) => {
        const file = await widget.file(await session(request), request.params.messageId);
        if (!file) throw new NotFoundError('File not found');
        return reply
          .header('Content-Type', file.mime)
          .header('Content-Length', file.size)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header(
            'Content-Disposition',
            `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .send(file.stream());
      },
    );
  };
