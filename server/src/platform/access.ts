/**
 * Who may call a route. Every /api route declares `config.access`; a route without one stops the start, so no
 * route is public by accident. The check runs before the body is validated: a stranger gets 401, not a 400
 * that describes the body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@kreechat/contract';
import { ForbiddenError, UnauthorizedError } from './errors';

/** public: anyone · member: any logged-in user · moderator: moderators and admins · admin: admins only. */
export type Access = 'public' | 'member' | 'moderator' | 'admin';

export type Principal = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  companyId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  language: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

export const SESSION_COOKIE = 'kc_session';

const RANK: Record<Role, number> = { agent: 1, moderator: 2, admin: 3 };
const REQUIRED: Record<Exclude<Access, 'public'>, number> = { member: 1, moderator: 2, admin: 3 };

export function registerAccessControl(
  app: FastifyInstance,
  resolve: (token: string | undefined) => Promise<Principal | undefined>,
) {
  app.decorateRequest('principal', undefined);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    }
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    request.principal = await resolve(request.cookies[SESSION_COOKIE]);
    if (access === 'public') return;
    if (!request.principal) throw new UnauthorizedError();
    if (RANK[request.principal.role] < REQUIRED[access]) throw new ForbiddenError('You are not allowed to do this');
  });
}

/** The caller of a route whose access is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
