import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequest } from './request-context';
import { safeError } from './safe-error';

export type { Logger };

const CHINDINGS = pino.symbols.chindingsSym;

/** Fastify's two lines per request: at info they drown everything else, so they are logged at debug. */
const REQUEST_MESSAGES = new Set(['incoming request', 'request completed']);

/**
 * Query parameters whose value is a secret or a person's address, by name (any case): Meta's
 * `hub.verify_token`, the WordPress calls' `clientEmail` and `companyWordpressToken`, any `email`, `token`,
 * `secret`, `password`, `session` or `code`. Log collectors keep URLs for long and show them to many.
 */
const SECRET_QUERY_NAME = /email|token|secret|password|session|^code$/i;
export const REDACTED = '[redacted]';

/** `url` with the value of every {@link SECRET_QUERY_NAME} parameter written as [redacted]; the rest unchanged. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // Malformed escapes: the name as written.
      }
      return equals >= 0 && SECRET_QUERY_NAME.test(name) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, start + 1)}${query.join('&')}`;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * Fastify's own request serializer (method, url, host, peer), with {@link redactUrl} on the URL. Fastify puts the
 * logger's serializers over its own, so this one is what its request lines use.
 */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The process's logger, writing JSON lines; each line logged while a request is handled carries its `reqId`.
 * Every error logged under `err` — by the error handler, a worker, Fastify itself — goes
 * through {@link safeError}, so no log line carries a failed query's parameters or a message's text.
 * `destination` is for tests that read what was logged (always JSON). Otherwise the lines are JSON when stdout
 * is piped (a log collector reads them) and short readable text on a terminal.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: 'kreechat' },
    serializers: { err: safeError, req: serializeRequest },
    // A line written during a request, or in work it started, names the request (platform/request-context.ts);
    // Fastify's request logger already binds it, so it is not written twice there.
    mixin(_merge, _level, logger) {
      const context = currentRequest();
      if (!context || (logger as unknown as Record<symbol, string>)[CHINDINGS]?.includes('"reqId":')) return {};
      return { reqId: context.reqId };
    },
    // An e-mail address is personal data: a line that names whom it is about uses an id, never the address.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.token',
        'email',
        '*.email',
        'clientEmail',
        '*.clientEmail',
      ],
      remove: true,
    },
    hooks: {
      logMethod(args, method, methodLevel) {
        const message = args.find((a) => typeof a === 'string');
        if (methodLevel === pino.levels.values.info && message && REQUEST_MESSAGES.has(message)) {
          // Fastify calls .info() itself; re-issued at debug, it is written only when LOG_LEVEL asks for it.
          return (this.debug as (...a: unknown[]) => void)(...args);
        }
        return method.apply(this, args);
      },
    },
  };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY) return pino(options, prettyStream(process.stdout, !process.env.NO_COLOR));
  return pino(options);
}

type Line = Record<string, unknown> & { level: number; time: number; msg?: string };

const LABELS: Record<number, [string, string]> = {
  10: ['TRACE', '90'],
  20: ['DEBUG', '36'],
  30: ['INFO ', '32'],
  40: ['WARN ', '33'],
  50: ['ERROR', '31'],
  60: ['FATAL', '35'],
};
/** pino's own fields and the ones every line has: not repeated on each pretty line. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'app', 'reqId', 'req', 'res', 'responseTime']);

/**
 * A small pretty printer (pino-pretty is not a dependency): `12:04:31 INFO  message key=value`, a request as
 * `GET /api/tickets → 200 (4 ms)`, an error's stack on the lines below. Pure but for the stream it writes to.
 */
export function prettyStream(out: { write(text: string): unknown }, color: boolean): DestinationStream {
  const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  // The request line of each request in flight, printed with its response (Fastify logs them apart).
  const requests = new Map<unknown, string>();
  return {
    write(raw: string) {
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        out.write(raw);
        return;
      }
      const [label, code] = LABELS[line.level] ?? ['LOG  ', '0'];
      const time = new Date(line.time).toTimeString().slice(0, 8);
      let text = line.msg ?? '';
      const req = line.req as { method?: string; url?: string } | undefined;
      if (line.msg === 'incoming request' && req) {
        if (requests.size > 1000) requests.clear();
        requests.set(line.reqId, `${req.method} ${req.url}`);
        return;
      }
      if (line.msg === 'request completed') {
        const res = line.res as { statusCode?: number } | undefined;
        const ms = typeof line.responseTime === 'number' ? ` (${Math.round(line.responseTime)} ms)` : '';
        text = `${requests.get(line.reqId) ?? 'request'} → ${res?.statusCode ?? '?'}${ms}`;
        requests.delete(line.reqId);
      }
      // A field the message already says (`url` of "ready at <url>") is for the JSON reader, not repeated here.
      const said = text.toLowerCase();
      const shown = Object.entries(line).filter(
        ([key, value]) =>
          !HIDDEN.has(key) && key !== 'err' && !(typeof value === 'string' && said.includes(value.toLowerCase())),
      );
      // A text of several lines (a dev-mailbox mail with its code) is printed below, as it reads.
      const long = shown.filter(([, value]) => typeof value === 'string' && value.includes('\n'));
      const fields = shown
        .filter((entry) => !long.includes(entry))
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
      const below = long.map(([, value]) => `\n${String(value).trimEnd().replace(/^/gm, '    ')}`).join('');
      const err = line.err as { type?: string; message?: string; stack?: string } | undefined;
      const stack = err?.stack ? `\n${paint('90', err.stack.replace(/^/gm, '    '))}` : '';
      const errText = err && !err.stack ? ` ${err.type ?? 'Error'}: ${err.message ?? ''}` : '';
      const rest = fields.length > 0 ? ` ${paint('90', fields.join(' '))}` : '';
      out.write(`${paint('90', time)} ${paint(code, label)} ${text}${errText}${rest}${below}${stack}\n`);
    },
  };
}
