import { bubbleBodySchema, bubbleListSchema, bubbleParamsSchema, bubbleSchema, okSchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { BubbleService } from './bubble.service';

export const bubbleRoutes =
  (bubbles: BubbleService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bubbles',
      { config: { access: 'member' }, schema: { tags: ['bubbles'], response: { 200: bubbleListSchema } } },
      async (request) => bubbles.list(principalOf(request)),
    );

    app.post(
      '/create-bubble',
      {
        config: { access: 'member' },
        schema: { tags: ['bubbles'], body: bubbleBodySchema, response: { 200: bubbleSchema } },
      },
      async (request) => bubbles.create(principalOf(request), request.body),
    );

    app.post(
      '/:bubbleid/edit-bubble',
      {
        config: { access: 'member' },
        schema: {
          tags: ['bubbles'],
          params: bubbleParamsSchema,
          body: bubbleBodySchema,
          response: { 200: bubbleSchema },
        },
      },
      async (request) => bubbles.edit(principalOf(request), request.params.bubbleid, request.body),
    );

    app.delete(
      '/:bubbleid/delete-bubble',
      {
        config: { access: 'member' },
        schema: { tags: ['bubbles'], params: bubbleParamsSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await bubbles.delete(principalOf(request), request.params.bubbleid);
        return { message: 'Bubble deleted' };
      },
    );
  };
