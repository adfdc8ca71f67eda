import { storageUsageSchema } from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../platform/access';
import type { StorageUsageService } from './storage-usage.service';

/** GET /api/storage/usage: the caller's company only, admins only. */
export const storageUsageRoutes =
  (usage: StorageUsageService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/storage/usage',
      { config: { access: 'admin' }, schema: { tags: ['files'], response: { 200: storageUsageSchema } } },
      async (request) => usage.usage(principalOf(request).companyId),
    );
  };
