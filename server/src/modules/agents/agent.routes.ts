import {
  agentProfileParamsSchema,
  agentProfileResponseSchema,
  agentSchema,
  allAgentsResponseSchema,
  colleagueListSchema,
  registerAgentBodySchema,
  registerAgentResponseSchema,
  setAdminResponseSchema,
  setRoleBodySchema,
  toggleDisabledResponseSchema,
  updateAccountBodySchema,
  userIdBodySchema,
} from '@kreechat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access';
import type { AgentService } from './agent.service';

export const agentRoutes =
  (agents: AgentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/get-all-agents',
      { config: { access: 'admin' }, schema: { tags: ['agents'], response: { 200: allAgentsResponseSchema } } },
      async (request) => agents.list(principalOf(request).companyId),
    );

    app.get(
      '/admin/:id/get-user',
      {
        config: { access: 'admin' },
        schema: { tags: ['agents'], params: agentProfileParamsSchema, response: { 200: agentProfileResponseSchema } },
      },
      async (request) => agents.profile(principalOf(request).companyId, request.params.id),
    );

    app.get(
      '/auth/agents',
      { config: { access: 'member' }, schema: { tags: ['agents'], response: { 200: colleagueListSchema } } },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return agents.colleagues(companyId, userId);
      },
    );

    app.post(
      '/auth/register',
      {
        config: { access: 'admin' },
        schema: { tags: ['agents'], body: registerAgentBodySchema, response: { 200: registerAgentResponseSchema } },
      },
      async (request) => {
        const agent = await agents.register(principalOf(request).companyId, request.body);
        return { message: 'Agent registered', agent };
      },
    );

    app.post(
      '/auth/set-admin',
      {
        config: { access: 'admin' },
        schema: { tags: ['agents'], body: userIdBodySchema, response: { 200: setAdminResponseSchema } },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return agents.toggleAdmin(companyId, userId, request.body.userid);
      },
    );

    app.post(
      '/auth/set-role',
      {
        config: { access: 'admin' },
        schema: { tags: ['agents'], body: setRoleBodySchema, response: { 200: setAdminResponseSchema } },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return agents.setRole(companyId, userId, request.body.userid, request.body.role);
      },
    );

    app.post(
      '/auth/delete-agent',
      {
        config: { access: 'admin' },
        schema: { tags: ['agents'], body: userIdBodySchema, response: { 200: toggleDisabledResponseSchema } },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return agents.toggleDisabled(companyId, userId, request.body.userid);
      },
    );

    app.put(
      '/auth/update-account',
      {
        config: { access: 'admin' },
        schema: { tags: ['agents'], body: updateAccountBodySchema, response: { 200: agentSchema } },
      },
      async (request) => {
        const { companyId, userId } = principalOf(request);
        return agents.updateAccount(companyId, userId, request.body);
      },
    );
  };
