/**
 * `GET /metrics` (Prometheus text) where the operator chose: on a port of its own (METRICS_PORT, bound to HOST,
 * nothing else served there), and/or on the main port behind a bearer token (METRICS_TOKEN; with both set the
 * metrics port asks for the token too). With neither, not served at all: process figures are not for the public.
 * Also times the webhook routes for the latency histogram.
 */
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from './crypto';
import type { Logger } from './logger';
import type { Metrics, Platform } from './metrics';

export type MetricsExposure = { port: number | undefined; host: string; token: string | undefined };

/**
 * The routes channels call us on: Telegram's and WhatsApp's webhooks, and the widget's calls from a website (a
 * visitor's message is the WordPress channel's webhook). Matched by route pattern, so a path's ids do not matter.
 */
function webhookChannelOf(method: string, route: string | undefined): Platform | undefined {
  if (method !== 'POST' || !route) return undefined;
  if (route.startsWith('/api/webhooks/telegram/')) return 'telegram';
  if (route === '/api/webhooks/whatsapp') return 'whatsapp';
  if (route.startsWith('/api/widget/')) return 'wordpress';
  return undefined;
}

function hasToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && safeEqual(given, token);
}

export function registerMetrics(
  app: FastifyInstance,
  deps: { metrics: Metrics; exposure: MetricsExposure; logger: Logger },
) {
  const { metrics, exposure, logger } = deps;

  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const channel = webhookChannelOf(request.method, request.routeOptions.url);
    if (channel) metrics.webhook(channel, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { token, port, host } = exposure;
  if (token && port === undefined) {
    app.get(
      '/metrics',
      // Not a session's route: the operator's scraper holds the token instead.
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (!hasToken(request.headers.authorization, token)) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ message: 'Unauthorized' });
        }
        return reply
          .header('Content-Type', metrics.contentType)
          .header('Cache-Control', 'no-store')
          .send(await metrics.text());
      },
    );
  }
  if (port === undefined) {
    if (!token)
      app.addHook('onListen', async () => logger.info('metrics not served (set METRICS_PORT or METRICS_TOKEN)'));
    return;
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token && !hasToken(req.headers.authorization, token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics collection failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics collection failed\n');
      },
    );
  });
  // Listens with the app (tests that inject requests never open it), closes with it.
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    logger.info(
      { port: typeof address === 'object' && address ? address.port : port },
      'metrics served on their own port',
    );
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
