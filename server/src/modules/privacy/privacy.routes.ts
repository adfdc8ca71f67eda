import { clientEraseResponseSchema, clientIdParamsSchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { PrivacyService } from './privacy.service';

// Exporting and erasing a client are an admin's (README "Who may do what"), within their own company.
export const privacyRoutes =
  (privacy: PrivacyService): FastifyPluginAsyncZod =>
  async (app) => {
    // A ZIP streamed as it is built: no Content-Length, never kept by a cache on the way.
    app.get(
      '/clients/:clientid/export',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['clients'],
          summary: "Everything held about a client: a ZIP of client.json, tickets.json and the client's files",
          params: clientIdParamsSchema,
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await privacy.exportClient(principalOf(request), request.params.clientid);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(stream);
      },
    );

    app.delete(
      '/clients/:clientid',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['clients'],
          summary: 'Erases a client: details, identities, message texts and files go; the ticket rows stay',
          params: clientIdParamsSchema,
          response: { 200: clientEraseResponseSchema },
        },
      },
      async (request) => privacy.eraseClient(principalOf(request), request.params.clientid),
    );
  };
