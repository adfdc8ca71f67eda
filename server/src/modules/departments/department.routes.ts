import {
  adminDepartmentsResponseSchema,
  createDepartmentBodySchema,
  createDepartmentResponseSchema,
  deleteDepartmentBodySchema,
  departmentListSchema,
  okSchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { DepartmentService } from './department.service';

export const departmentRoutes =
  (departments: DepartmentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/auth/get-departments',
      { config: { access: 'member' }, schema: { tags: ['departments'], response: { 200: departmentListSchema } } },
      async (request) => departments.listLive(principalOf(request).companyId),
    );

    app.get(
      '/admin/get-departments',
      {
        config: { access: 'admin' },
        schema: { tags: ['departments'], response: { 200: adminDepartmentsResponseSchema } },
      },
      async (request) => departments.adminOverview(principalOf(request).companyId),
    );

    app.post(
      '/admin/create-department',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['departments'],
          body: createDepartmentBodySchema,
          response: { 200: createDepartmentResponseSchema },
        },
      },
      async (request) => {
        const department = await departments.create(principalOf(request).companyId, request.body.department_name);
        return { departmentid: department.id };
      },
    );

    app.post(
      '/admin/delete-department',
      {
        config: { access: 'admin' },
        schema: { tags: ['departments'], body: deleteDepartmentBodySchema, response: { 200: okSchema } },
      },
      async (request) => {
        await departments.delete(principalOf(request).companyId, request.body.departmentid);
        return { message: 'Department deleted' };
      },
    );
  };
