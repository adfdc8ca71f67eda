import pino, { type DestinationStream, type Logger } from 'pino';
import { safeError } from './safe-error';

export type { Logger };

/**
 * The process's logger. Every error logged under `err` — by the error handler, a worker, Fastify itself — goes
 * through {@link safeError}, so no log line carries a failed query's parameters or a message's text.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { app: 'kreechat' },
    serializers: { err: safeError },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
