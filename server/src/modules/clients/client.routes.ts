import {
  blockClientResponseSchema,
  clientIdParamsSchema,
  clientPanelQuerySchema,
  clientPanelSchema,
  clientProfileSchema,
  clientRefParamsSchema,
  clientSchema,
  clientSearchParamsSchema,
  clientsOffsetParamsSchema,
  clientsOverviewSchema,
  updateClientBodySchema,
  updateClientNumberBodySchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access';
import type { ClientService } from './client.service';

// Every member sees the client list and profiles (SPEC §2: Clients is in every agent's admin panel) and may set the
// account number of a client they are chatting with; editing a profile is for moderators and admins, blocking for
// admins (SPEC §6).
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

    app.get(
      '/admin/get-all-clients',
      { config: { access: 'member' }, schema: { tags: ['clients'], response: { 200: clientsOverviewSchema } } },
      async (request) => clients.overview(principalOf(request).companyId),
    );

    app.get(
      '/:offset/get-clients',
      {
        config: { access: 'member' },
        schema: { tags: ['clients'], params: clientsOffsetParamsSchema, response: { 200: z.array(clientSchema) } },
      },
      async (request) => clients.page(principalOf(request).companyId, request.params.offset),
    );

    app.get(
      '/:text/search-clients',
      {
        config: { access: 'member' },
        schema: { tags: ['clients'], params: clientSearchParamsSchema, response: { 200: z.array(clientSchema) } },
      },
      async (request) => clients.search(principalOf(request).companyId, request.params.text),
    );

    app.get(
      '/admin/:id/get-client',
      {
        config: { access: 'member' },
        schema: { tags: ['clients'], params: clientRefParamsSchema, response: { 200: clientProfileSchema } },
      },
      async (request) => clients.profile(principalOf(request).companyId, request.params.id),
    );

    // The chat's side panel and the admin profile's history (not in SPEC): see ClientService.panel for who sees what.
    app.get(
      '/:clientid/get-client-panel',
      {
        config: { access: 'member' },
        schema: {
          tags: ['clients'],
          params: clientIdParamsSchema,
          querystring: clientPanelQuerySchema,
          response: { 200: clientPanelSchema },
        },
      },
      async (request) => clients.panel(principalOf(request), request.params.clientid, request.query.before),
    );

    app.put(
      '/auth/update-client',
      {
        config: { access: 'moderator' },
        schema: { tags: ['clients'], body: updateClientBodySchema, response: { 200: clientSchema } },
      },
      async (request) => clients.updateDetails(principalOf(request).companyId, request.body),
    );

    app.post(
      '/auth/update-client-number',
      {
        config: { access: 'member' },
        schema: { tags: ['clients'], body: updateClientNumberBodySchema, response: { 200: clientSchema } },
      },
      async (request) => clients.updateNumber(principalOf(request), request.body),
    );
  };
