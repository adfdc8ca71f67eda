import {
  pinMessageBodySchema,
  pinnedListQuerySchema,
  pinnedMessageListSchema,
  pinParamsSchema,
  pinResponseSchema,
  unpinMessageBodySchema,
  unpinResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import { ValidationError } from '../../platform/errors';
import type { PinService } from './pin.service';

export const pinRoutes =
  (pins: PinService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/:ticketid/pin-message',
      {
        config: { access: 'member' },
        schema: {
          tags: ['pins'],
          params: pinParamsSchema,
          body: pinMessageBodySchema,
          response: { 200: pinResponseSchema },
        },
      },
      async (request) => {
        const { ticketid } = request.params;
        if (request.body.ticketid && request.body.ticketid !== ticketid) {
          throw new ValidationError('The ticket in the body differs from the one in the path');
        }
        return { pin: await pins.pin(principalOf(request), ticketid, request.body.messageid) };
      },
    );

    app.post(
      '/:ticketid/unpin-message',
      {
        config: { access: 'member' },
        schema: {
          tags: ['pins'],
          params: pinParamsSchema,
          body: unpinMessageBodySchema,
          response: { 200: unpinResponseSchema },
        },
      },
      async (request) => pins.unpin(principalOf(request), request.params.ticketid, request.body),
    );

    app.get(
      '/:ticketid/get-pinned-msg',
      {
        config: { access: 'member' },
        schema: {
          tags: ['pins'],
          params: pinParamsSchema,
          querystring: pinnedListQuerySchema,
          response: { 200: pinnedMessageListSchema },
        },
      },
      async (request) => pins.list(principalOf(request), request.params.ticketid),
    );
  };
