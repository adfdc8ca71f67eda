/**
 * The one place that wires config, database, services and routes together (STYLE: services get only what they
 * use). Tests build the same app over a test database and a fake clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, MAX_UPLOAD_BYTES, PRODUCT_NAME } from '@kreechat/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { groupCommitsSettled } from './db/group-commit';
import { prepareChannelSecrets } from './channels/channel-secrets';
import { createOutboxWorker } from './channels/outbox-worker';
import { createChannelRegistry } from './channels/registry';
import { telegramRoutes } from './channels/telegram/telegram.routes';
import { createTelegramChannel } from './channels/telegram/telegram.channel';
import { createWhatsAppChannel } from './channels/whatsapp/whatsapp.channel';
import { whatsappRoutes } from './channels/whatsapp/whatsapp.routes';
import { widgetRoutes } from './channels/wordpress/widget.routes';
import { createWordpressChannel } from './channels/wordpress/wordpress.channel';
import { wordpressRoutes } from './channels/wordpress/wordpress.routes';
import { fileRoutes } from './files/files.routes';
import { storageUsageRoutes } from './files/storage-usage.routes';
import { createStorageUsageService } from './files/storage-usage.service';
import { createFileStorage } from './files/storage';
import { createAccountNotices } from './mail/account-notices';
import type { Mailer } from './mail/mailer';
import { clientRoutes, createClientService } from './modules/clients';
import {
  autoMessageRoutes,
  createAutoMessageReader,
  createAutoMessageService,
  createAutoReplies,
  createStillWaitingSweeper,
} from './modules/automatic-messages';
import { createDeliveryService } from './modules/delivery';
import { createIntakeService } from './modules/client-messages';
import { createInboundUpdates } from './modules/inbound-updates';
import { createChatService, createFileAccess, messageRepo, messageRoutes } from './modules/messages';
import { closedByText } from './modules/ticket-assignment';
import { createTicketService, ticketRoutes } from './modules/ticket-lists';
import { createRealtime } from './realtime/realtime';
import { createWidgetLive } from './realtime/widget-live';
import { createActionService } from './modules/actions';
import { agentEraseRoutes, agentRoutes, createAgentEraser, createAgentService } from './modules/agents';
import { authRoutes, createAuthService, createSessionService } from './modules/auth';
import { bubbleRoutes, createBubbleService } from './modules/bubbles';
import { createTicketTableService, ticketTableRoutes } from './modules/admin-tickets';
import { createPinService, pinRoutes } from './modules/pins';
import { createPrivacyService, privacyRoutes } from './modules/privacy';
import { createCompanyService } from './modules/companies';
import { createDepartmentService, departmentRoutes } from './modules/departments';
import { createHoursReader, createOpeningHoursService, openingHoursRoutes } from './modules/opening-hours';
import { createOnboardingService, onboardingRoutes } from './modules/onboarding';
import { createRegistrationService, createVerificationService, registrationRoutes } from './modules/registration';
import { createNotificationService, notificationRepo, notificationRoutes } from './modules/notifications';
import { createRetentionService, createRetentionSweeper, retentionRoutes } from './modules/retention';
import { createPrivateChatService, privateChatRoutes } from './modules/private-chat';
import { createPushService, loadVapidKeys, pushRoutes, withPushNotifications } from './modules/push';
import { registerAccessControl } from './platform/access';
import { systemClock, type Clock } from './platform/clock';
import { createAttemptGuard } from './platform/attempt-guard';
import { addressBucket } from './platform/client-address';
import { createFailureLimiter } from './platform/failure-limiter';
import { registerErrorHandler, registerSameOriginRule, restrictBodyTypes } from './platform/http';
import type { Logger } from './platform/logger';
import { createMetrics } from './platform/metrics';
import { countingIntake } from './channels/inbound/counting-intake';
import { registerMetrics } from './platform/metrics.routes';
import { registerRequestContext, requestIdOf } from './platform/request-context';
import { proxyTrustByHop } from './platform/proxy';
import { createSecretBox, loadSecretsKey, type SecretBox } from './platform/secrets';
import { registerMultipartRule } from './platform/multipart';
import { createReadiness } from './platform/readiness';
import { registerStorableInputRule } from './platform/storable-input';

export type AppDeps = {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  clock?: Clock;
  /** Telegram long-poll timeout in seconds (tests shorten it). */
  telegramPollTimeoutSeconds?: number;
  /** How often live connections look for expired sessions, in ms (tests shorten it). */
  liveSweepMs?: number;
  /** The box that seals channel secrets; made from SECRETS_KEY or DATA_DIR/secrets.key when not given. */
  secrets?: SecretBox;
};

/** The secret box of this deployment's key (SECRETS_KEY, else DATA_DIR/secrets.key, generated on first use). */
function openSecretBox(config: Config, logger: Logger): SecretBox {
  const { key, source } = loadSecretsKey(config, logger);
  return createSecretBox(key, source);
}

export function buildServices(deps: AppDeps) {
  const { database, mailer, config, logger } = deps;
  const { db } = database;
  const clock = deps.clock ?? systemClock;
  const metrics = createMetrics();
  const failures = createFailureLimiter(db, clock);
  const attempts = createAttemptGuard({ limiter: failures, clock });
  const secrets = deps.secrets ?? openSecretBox(config, logger);
  const sessions = createSessionService({ db, clock, ttlMs: config.sessionTtlMs });
  const push = createPushService({
    db,
    vapid: loadVapidKeys(config, logger),
    endpointHosts: config.pushEndpointHosts,
    logger,
  });
  // Every service publishes through this, so pushes follow the live events without any module calling push code.
  const realtime = withPushNotifications(
    createRealtime({
      sessions,
      redisUrl: config.redisUrl,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      logger,
      clock,
      sweepMs: deps.liveSweepMs,
    }),
    push,
  );
  const storage = createFileStorage({
    dataDir: config.dataDir,
    kind: config.fileStorage,
    db,
    onStoreError: (err) => logger.error({ err }, 'the file store refused a file'),
    quota: { db, clock, limits: config.quotas },
  });
  const storageUsage = createStorageUsageService({ db, clock, limits: config.quotas });
  const actions = createActionService({ db, clock });
  const companies = createCompanyService({ db });
  const departments = createDepartmentService({ db, clock });
  const hours = createHoursReader({ db, clock });
  const openingHours = createOpeningHoursService({ db, clock, companies, departments, hours });
  const autoMessages = createAutoMessageReader({ db, clock });
  const autoMessageSettings = createAutoMessageService({ db, clock, reader: autoMessages });
  const endSessionsOf = async (userId: string) => {
    await sessions.endAllOfUser(userId);
    realtime.endUser(userId);
  };
  const notices = createAccountNotices({ mailer, logger, publicUrl: config.publicUrl });
  const agents = createAgentService({
    db,
    clock,
    departments,
    endSessionsOf,
    presence: realtime,
    events: realtime,
    notices,
  });
  const onboarding = createOnboardingService({ db, clock, agents });
  const auth = createAuthService({
    db,
    clock,
    sessions,
    agents,
    companies,
    departments,
    actions,
    attempts,
    failures,
    onSessionEnded: (sessionId) => realtime.endSession(sessionId),
    endSessionsOf,
    storage,
    notices,
  });
  const verification = createVerificationService({ db, clock, mailer, attempts, logger });
  const registration = createRegistrationService({
    db,
    clock,
    publicUrl: config.publicUrl,
    verification,
    companies,
    departments,
    agents,
    endSessionsOf: (id, tx) => sessions.endAllOfUser(id, tx),
    dropConnectionsOf: (id) => realtime.endUser(id),
    openSession: auth.openSession,
  });
  const clients = createClientService({ db, clock, events: realtime });
  // The worker is made below, once the channels exist; delivery only needs to wake it.
  let wakeWorker = () => {};
  const delivery = createDeliveryService({
    db,
    clock,
    events: realtime,
    onEnqueued: () => wakeWorker(),
    retry: config.outbox,
    texts: autoMessages,
    hours,
  });
  const tickets = createTicketService({
    db,
    clock,
    events: realtime,
    actions,
    clients,
    messages: messageRepo,
    delivery,
  });
  const chat = createChatService({ db, clock, events: realtime, tickets, clients, delivery, storage, hours });
  const fileAccess = createFileAccess({ db });
  const privateChats = createPrivateChatService({ db, clock, events: realtime, agents });
  const notifications = createNotificationService({
    db,
    clock,
    events: realtime,
    presence: realtime,
    logger,
    agents,
    privateChats,
  });
  const autoReplies = createAutoReplies({ db, clock, hours, texts: autoMessages, delivery });
  const stillWaiting = createStillWaitingSweeper({
    db,
    clock,
    hours,
    texts: autoMessages,
    clients,
    delivery,
    events: realtime,
    logger,
  });
  const intake = countingIntake(
    createIntakeService({ db, clock, events: realtime, actions, clients, delivery, notifications, autoReplies }),
    metrics,
  );
  const bubbles = createBubbleService({ db, clock, events: realtime });
  const pins = createPinService({ db, clock, events: realtime, tickets });
  const ticketTable = createTicketTableService({ db, clock, hours });
  const retention = createRetentionService({ db, clock, companies });
  const retentionSweeper = createRetentionSweeper({
    db,
    clock,
    locks: database.locks,
    companies,
    storage,
    logger,
    intervalMs: config.retentionSweepMs,
  });
  // What each module keeps of an agent, forgotten or renamed in the erasure's own transaction.
  const agentEraser = createAgentEraser({
    db,
    clock,
    actions,
    holders: [
      (tx, a) => sessions.endAllOfUser(a.userId, tx),
      (tx, a) => push.deleteAllOf(a.companyId, a.userId, tx),
      (tx, a) => bubbles.deleteAllOf({ companyId: a.companyId, userId: a.userId }, tx),
      (tx, a) => notificationRepo.renameSender(tx, a.companyId, a.userId, a.formerName),
      (tx, a) => messageRepo.renameCloser(tx, a.companyId, a.userId, closedByText(a.formerName, '')),
      (tx, a) => messageRepo.renameMentions(tx, a.companyId, a.userId, a.formerName),
      (tx, a) => notificationRepo.deleteAll(tx, { companyId: a.companyId, userId: a.userId }),
    ],
    dropConnectionsOf: (userId) => realtime.endUser(userId),
    removeFile: (companyId, key) => storage.remove(companyId, key),
    logger,
  });
  const inbound = createInboundUpdates({ db, clock });
  const telegram = createTelegramChannel({
    db,
    config,
    clock,
    logger,
    intake,
    inbound,
    storage,
    locks: database.locks,
    secrets,
    pollTimeoutSeconds: deps.telegramPollTimeoutSeconds,
  });
  const whatsapp = createWhatsAppChannel({
    db,
    config,
    clock,
    logger,
    events: realtime,
    intake,
    chat,
    inbound,
    delivery,
    storage,
    secrets,
  });
  // The widgets' live server looks sessions up through the channel, which publishes through the live server.
  const widgetLive = createWidgetLive({
    lookUp: (id) => wordpress.lookUpSession(id),
    redisUrl: config.redisUrl,
    logger,
  });
  const wordpress = createWordpressChannel({
    db,
    clock,
    secrets,
    live: widgetLive,
    intake,
    departments,
    tickets,
    chat,
    storage,
    delivery,
  });
  // Erasing a client also ends their WordPress widget sessions, which the channel owns.
  const privacy = createPrivacyService({
    db,
    clock,
    events: realtime,
    actions,
    storage,
    visitors: wordpress.visitors,
    logger,
  });
  const registry = createChannelRegistry({
    telegram: telegram.sender,
    whatsapp: whatsapp.sender,
    wordpress: wordpress.sender,
  });
  const worker = createOutboxWorker({ delivery, registry, logger, onOutcome: metrics.send });
  metrics.observe({
    backlog: () => delivery.backlog(),
    sockets: { workspace: () => realtime.connectedCount(), widget: () => widgetLive.connectedCount() },
    pool: database.kind === 'postgres' ? () => database.stats() : undefined,
  });
  wakeWorker = () => worker.kick();
  const readiness = createReadiness({ database, redisUrl: config.redisUrl });
  return {
    clock,
    metrics,
    readiness,
    secrets,
    sessions,
    realtime,
    storage,
    fileAccess,
    storageUsage,
    actions,
    companies,
    departments,
    hours,
    openingHours,
    onboarding,
    autoMessages,
    autoMessageSettings,
    agents,
    auth,
    verification,
    registration,
    clients,
    delivery,
    tickets,
    chat,
    intake,
    stillWaiting,
    bubbles,
    pins,
    telegram,
    whatsapp,
    wordpress,
    widgetLive,
    worker,
    privateChats,
    notifications,
    push,
    ticketTable,
    privacy,
    retention,
    retentionSweeper,
    agentEraser,
  };
}

export type Services = ReturnType<typeof buildServices>;

const readinessCheck = z.enum(['ok', 'failed', 'timeout', 'pending', 'not configured']);
const readinessReport = z.object({
  status: z.enum(['ready', 'degraded', 'unready', 'draining']),
  checks: z.object({ database: readinessCheck, migrations: readinessCheck, redis: readinessCheck }),
});

export type App = {
  app: FastifyInstance;
  services: Services;
  /** Starts the background work: channel receivers, the outbox worker. Call after listen. */
  start(): Promise<void>;
};

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, logger } = deps;
  // Before anything is built or served: a key that does not fit the stored secrets stops the start here
  // (SecretsKeyError), and secrets an older version stored in plaintext are encrypted.
  const secrets = deps.secrets ?? openSecretBox(config, logger);
  await prepareChannelSecrets(deps.database.db, secrets, logger);
  const services = buildServices({ ...deps, secrets });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: proxyTrustByHop(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestContext(app);
  registerMetrics(app, { metrics: services.metrics, exposure: { ...config.metrics, host: config.host }, logger });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  restrictBodyTypes(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Meta's JS SDK for WhatsApp's embedded signup (Settings → WhatsApp), its login frames, and the WhatsApp
        // business profile's picture, which Graph serves from WhatsApp's own host.
        scriptSrc: ["'self'", 'https://connect.facebook.net'],
        frameSrc: ['https://www.facebook.com', 'https://web.facebook.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://pps.whatsapp.net'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'self' covers the same host's ws: and wss: (CSP 3); the live connection never goes anywhere else.
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  // Per client address as the limits count them: one IPv6 subscriber's whole /64 is one client.
  await app.register(rateLimit, { global: false, keyGenerator: (request) => addressBucket(request.ip) });
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
  // After the access check, so a stranger learns nothing about a body they may not send.
  registerStorableInputRule(app);
  registerMultipartRule(app);

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
      // Readiness (platform/readiness.ts): database and migrations (503 without them, and while draining); Redis is
      // reported, its outage answers 200 'degraded'.
      api.get(
        '/ready',
        {
          config: { access: 'public' },
          schema: {
            tags: ['system'],
            response: {
              200: readinessReport,
              503: readinessReport,
            },
          },
        },
        async (_request, reply) => {
          const report = await services.readiness.report();
          return reply
            .status(report.status === 'ready' || report.status === 'degraded' ? 200 : 503)
            .header('Cache-Control', 'no-store')
            .send(report);
        },
      );
      await api.register(authRoutes(services.auth));
      await api.register(registrationRoutes(services.registration));
      await api.register(agentRoutes(services.agents));
      await api.register(departmentRoutes(services.departments));
      await api.register(autoMessageRoutes(services.autoMessageSettings));
      await api.register(openingHoursRoutes(services.openingHours));
      await api.register(onboardingRoutes(services.onboarding));
      await api.register(clientRoutes(services.clients));
      await api.register(privacyRoutes(services.privacy));
      await api.register(ticketRoutes(services.tickets));
      await api.register(messageRoutes(services.chat));
      await api.register(bubbleRoutes(services.bubbles));
      await api.register(pinRoutes(services.pins));
      await api.register(telegramRoutes(services.telegram));
      await api.register(whatsappRoutes(services.whatsapp));
      await api.register(wordpressRoutes(services.wordpress));
      await api.register(widgetRoutes(services.wordpress.widget, { webDist: config.webDist }));
      await api.register(privateChatRoutes(services.privateChats));
      await api.register(notificationRoutes(services.notifications));
      await api.register(pushRoutes(services.push));
      await api.register(ticketTableRoutes(services.ticketTable));
      await api.register(retentionRoutes(services.retention));
      await api.register(agentEraseRoutes(services.agentEraser));
      await api.register(storageUsageRoutes(services.storageUsage));
    },
    { prefix: '/api' },
  );

  await app.register(fileRoutes(services.storage, services.fileAccess));

  services.realtime.attach(app.server);
  services.widgetLive.attach(app.server);
  // A graceful stop (main.ts), in two steps. Before the server stops listening: readiness answers 503 (balancers
  // send new requests elsewhere) and the live sockets are handed over (each reconnects to another process); then
  // the requests in flight finish while no new connection is taken. After: the channel receivers stop (pollers give
  // their locks back), the outbox worker ends after its sends in flight, the group commits settle, and only then
  // do the live servers close, so the events of the last requests still reach the other processes' sockets.
  app.addHook('preClose', async () => {
    services.readiness.drain();
    services.realtime.handOver();
    services.widgetLive.handOver();
  });
  app.addHook('onClose', async () => {
    await services.telegram.stop();
    await services.whatsapp.stop();
    services.wordpress.stop();
    await services.stillWaiting.stop();
    await services.retentionSweeper.stop();
    await services.worker.stop();
    await groupCommitsSettled();
    await services.widgetLive.close();
    await services.realtime.close();
    await services.push.idle();
    await services.verification.idle();
    await services.readiness.close();
  });

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
  } else if (webDist) {
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

  return {
    app,
    services,
    async start() {
      services.worker.start();
      await services.telegram.start();
      await services.whatsapp.start();
      services.wordpress.start();
      services.stillWaiting.start();
      services.retentionSweeper.start();
    },
  };
}
