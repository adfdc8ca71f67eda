import {
  retentionBodySchema,
  retentionPreviewQuerySchema,
  retentionPreviewSchema,
  retentionResponseSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { RetentionService } from './retention.service';

export const retentionRoutes =
  (retention: RetentionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/retention',
      { config: { access: 'admin' }, schema: { tags: ['retention'], response: { 200: retentionResponseSchema } } },
      async (request) => retention.read(principalOf(request).companyId),
    );

    app.get(
      '/retention/preview',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['retention'],
          querystring: retentionPreviewQuerySchema,
          response: { 200: retentionPreviewSchema },
        },
      },
      async (request) => retention.preview(principalOf(request).companyId, request.query.months),
    );

    app.put(
      '/retention',
      {
        config: { access: 'admin' },
        schema: { tags: ['retention'], body: retentionBodySchema, response: { 200: retentionResponseSchema } },
      },
      async (request) => retention.set(principalOf(request).companyId, request.body.months),
    );
  };
