/**
 * The one place that wires config, database, services and routes together (STYLE: services get only what they
 * use). Tests build the same app over a test database and a fake clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, PRODUCT_NAME } from '@kreechat/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import { createActionService } from './modules/actions';
import { agentRoutes, createAgentService } from './modules/agents';
import { authRoutes, createAuthService, createSessionService } from './modules/auth';
import { createCompanyService } from './modules/companies';
import { createDepartmentService, departmentRoutes } from './modules/departments';
import { createRegistrationService, createVerificationService, registrationRoutes } from './modules/registration';
import { registerAccessControl } from './platform/access';
import { systemClock, type Clock } from './platform/clock';
import { createFailureLimiter } from './platform/failure-limiter';
import { registerErrorHandler, registerSameOriginRule, restrictBodyTypes } from './platform/http';
import type { Logger } from './platform/logger';

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  clock?: Clock;
};

export function buildServices(deps: AppDeps) {
  const { db, mailer, config } = deps;
  const clock = deps.clock ?? systemClock;
  const failures = createFailureLimiter(db, clock);
  const sessions = createSessionService({ db, clock, ttlMs: config.sessionTtlMs });
  const actions = createActionService({ db, clock });
  const companies = createCompanyService({ db });
  const departments = createDepartmentService({ db, clock });
  const agents = createAgentService({ db, clock, departments, endSessionsOf: (id) => sessions.endAllOfUser(id) });
  const auth = createAuthService({ db, clock, sessions, agents, companies, departments, actions, failures });
  const verification = createVerificationService({ db, clock, mailer, failures });
  const registration = createRegistrationService({
    db,
    clock,
    verification,
    companies,
    departments,
    agents,
    endSessionsOf: (id, tx) => sessions.endAllOfUser(id, tx),
  });
  return { clock, sessions, actions, companies, departments, agents, auth, verification, registration };
}

export type Services = ReturnType<typeof buildServices>;

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const { config, logger } = deps;
  const services = buildServices(deps);

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  restrictBodyTypes(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: APP_VERSION,
        description: 'Every call of the product, under /api.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerSameOriginRule(app, config.publicUrl);
  registerAccessControl(app, (token) => services.sessions.resolve(token));

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          config: { access: 'public' },
          schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
        },
        async () => ({ status: 'ok' as const }),
      );
      await api.register(authRoutes(services.auth));
      await api.register(registrationRoutes(services.registration));
      await api.register(agentRoutes(services.agents));
      await api.register(departmentRoutes(services.departments));
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : undefined;
  const serveSpa = Boolean(webDist && indexHtml && fs.existsSync(indexHtml));
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  } else if (config.env !== 'test') {
    logger.warn({ webDist }, 'web/dist not found: serving the API only (run `npm run build`)');
  }

  // Unknown API paths answer JSON; any other GET is a route of the single-page app, which shows its own 404.
  app.setNotFoundHandler((request, reply) => {
    if (
      serveSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/files/')
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });

  return { app, services };
}
