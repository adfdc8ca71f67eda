import {
  pushPublicKeyResponseSchema,
  pushStateResponseSchema,
  pushSubscriptionBodySchema,
  updateSubscriptionBodySchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { PushService } from './push.service';

export const pushRoutes =
  (push: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/push/public-key',
      { config: { access: 'member' }, schema: { tags: ['push'], response: { 200: pushPublicKeyResponseSchema } } },
      async () => ({ publicKey: push.publicKey() }),
    );

    app.post(
      '/subscribe',
      {
        config: { access: 'member' },
        schema: { tags: ['push'], body: pushSubscriptionBodySchema, response: { 200: pushStateResponseSchema } },
      },
      async (request) => push.subscribe(principalOf(request), request.body),
    );

    app.post(
      '/check-subscription',
      {
        config: { access: 'member' },
        schema: { tags: ['push'], body: pushSubscriptionBodySchema, response: { 200: pushStateResponseSchema } },
      },
      async (request) => push.check(principalOf(request), request.body),
    );

    app.post(
      '/update-subscription',
      {
        config: { access: 'member' },
        schema: { tags: ['push'], body: updateSubscriptionBodySchema, response: { 200: pushStateResponseSchema } },
      },
      async (request) => push.update(principalOf(request), request.body.subscription),
    );
  };
