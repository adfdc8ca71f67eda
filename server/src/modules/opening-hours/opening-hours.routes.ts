import {
  departmentHoursBodySchema,
  departmentHoursParamsSchema,
  openingHoursResponseSchema,
  timeZoneBodySchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { OpeningHoursService } from './opening-hours.service';

export const openingHoursRoutes =
  (openingHours: OpeningHoursService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/opening-hours',
      {
        config: { access: 'member' },
        schema: { tags: ['opening-hours'], response: { 200: openingHoursResponseSchema } },
      },
      async (request) => openingHours.read(principalOf(request).companyId),
    );

    // Declared before `/:departmentid`; find-my-way prefers the static path either way.
    app.put(
      '/opening-hours/time-zone',
      {
        config: { access: 'admin' },
        schema: { tags: ['opening-hours'], body: timeZoneBodySchema, response: { 200: openingHoursResponseSchema } },
      },
      async (request) => openingHours.setTimeZone(principalOf(request).companyId, request.body.time_zone),
    );

    app.put(
      '/opening-hours/:departmentid',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['opening-hours'],
          params: departmentHoursParamsSchema,
          body: departmentHoursBodySchema,
          response: { 200: openingHoursResponseSchema },
        },
      },
      async (request) =>
        openingHours.setDepartment(principalOf(request).companyId, request.params.departmentid, request.body),
    );
  };
