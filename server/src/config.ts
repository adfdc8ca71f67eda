/**
 * Every environment variable KreeChat reads, parsed in one place (ARCHITECTURE §2). A bad value stops the start
 * with a message naming the variable, before anything listens.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseSecretsKey } from './platform/secrets';

/**
 * The push services of Chrome, Firefox, Edge and Safari. A rule is a host name, `*.` + a domain for any host
 * below it (never the domain itself), and optionally `:port`; without a port only 443 is allowed.
 */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
];
const PUSH_HOST_RULE = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/;

/** "12h", "30m", "45s", "2d" or plain milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+(ms|s|m|h|d)?$/, { message: 'must be a duration such as 12h, 30m or 45s' })
  .transform((v) => {
    const match = /^(\d+)(ms|s|m|h|d)?$/.exec(v)!;
    const units: Record<string, number> = { ms: 1, s: 1e3, m: 6e4, h: 36e5, d: 864e5 };
    const unit = units[match[2] ?? 'ms'] ?? 1;
    return Number(match[1]) * unit;
  })
  .refine((ms) => ms >= 60_000, { message: 'must be at least one minute' });

/**
 * A storage size: "500MB", "2GB", "1.5TB", "800kB" or plain bytes. Units count in 1024s, as the upload limit does
 * (20 MB is 20 × 1024 × 1024 bytes).
 */
const byteSize = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb|tb)?$/i, { message: 'must be a size such as 50MB, 2GB or 20GB' })
  .transform((v) => {
    const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(v)!;
    const units: Record<string, number> = { '': 1, b: 1, kb: 2 ** 10, mb: 2 ** 20, gb: 2 ** 30, tb: 2 ** 40 };
    return Math.floor(Number(match[1]) * (units[match[2]!.toLowerCase()] ?? 1));
  })
  .refine((bytes) => bytes >= 2 ** 20 && Number.isSafeInteger(bytes), { message: 'must be at least 1MB' });

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL (${protocols.join(' or ')})` },
    );

/** Values that would trust any peer, so the X-Forwarded-For any client writes would pick its address. */
const TRUST_ANY_PEER = new Set(['true', 'all', '*', 'yes', 'on']);

/** `203.0.113.7`, `2001:db8::1`, `10.0.0.0/8`, `2001:db8::/32`; an IPv4-mapped CIDR needs 96 prefix bits or more. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined || !net.isIP(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  if (net.isIPv4(address)) return bits <= 32;
  return bits <= 128 && (!/^::ffff:\d/i.test(address) || bits >= 96);
}

/**
 * The widest ranges a proxy list may name: 10.0.0.0/8, IPv4's widest private block, and fc00::/7, IPv6's
 * unique-local one. A wider range (0.0.0.0/0, ::/0, 2000::/3, 0.0.0.0/1 …) holds much of the Internet: every client
 * in it would count as a proxy, and the X-Forwarded-For it writes itself would pick its address.
 */
const WIDEST_PROXY_PREFIX = { ipv4: 8, ipv6: 7 } as const;
/** ::ffff:0:0/96, where IPv6 writes IPv4 addresses. */
const IPV4_MAPPED = new net.BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * Whether a CIDR (already checked by {@link isAddressOrCidr}) is wider than {@link WIDEST_PROXY_PREFIX}, counting
 * an IPv6 range that holds IPv4-mapped addresses (::ffff:0:0/96, ::/80, ::ffff:0.0.0.0/100) by the IPv4 range it
 * holds.
 */
function trustsEveryone(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined) return false;
  const bits = Number(prefix);
  if (net.isIPv4(address)) return bits < WIDEST_PROXY_PREFIX.ipv4;
  if (bits < WIDEST_PROXY_PREFIX.ipv6) return true;
  if (bits <= 96) {
    // As wide as ::ffff:0:0/96 or wider: holding one mapped address, it holds them all, every IPv4 client.
    const range = new net.BlockList();
    range.addSubnet(address, bits, 'ipv6');
    return range.check('::ffff:0.0.0.0', 'ipv6');
  }
  // Narrower: inside ::ffff:0:0/96 it is an IPv4 range of bits - 96.
  return IPV4_MAPPED.check(address, 'ipv6') && bits < 96 + WIDEST_PROXY_PREFIX.ipv4;
}

/**
 * TRUST_PROXY: empty, `false` or `0` — no proxy; a hop count — that many proxies in front, the immediate peer
 * always one of them; otherwise the proxies' addresses and CIDRs, separated by commas.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? '').trim();
    if (value === '' || value.toLowerCase() === 'false' || value === '0') return false;
    if (TRUST_ANY_PEER.has(value.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message:
          `"${value}" would believe the X-Forwarded-For header any client writes. Write how many proxies stand in ` +
          'front of KreeChat (TRUST_PROXY=1), or better their addresses (TRUST_PROXY=127.0.0.1, or 10.0.0.0/8,::1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (1, 2 …) or proxy addresses / CIDRs separated by commas; not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    const everyone = entries.filter(trustsEveryone);
    if (everyone.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `${everyone.join(', ')} would count nearly every address as a proxy and believe the X-Forwarded-For any ` +
          'client writes. Name the proxies themselves (TRUST_PROXY=127.0.0.1, or 10.0.0.0/8,::1); the widest ' +
          'range taken is /8 for IPv4 and /7 for IPv6',
      });
      return z.NEVER;
    }
    return entries;
  });

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3003),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: z.string().trim().min(3).default('KreeChat <no-reply@kreechat.local>'),
  TELEGRAM_API_ROOT: url(['http:', 'https:']).default('https://api.telegram.org'),
  WHATSAPP_GRAPH_ROOT: url(['http:', 'https:']).default('https://graph.facebook.com'),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { message: 'must look like v21.0' })
    .default('v21.0'),
  WHATSAPP_APP_ID: optional(z.string().trim()),
  WHATSAPP_APP_SECRET: optional(z.string().trim()),
  WHATSAPP_VERIFY_TOKEN: optional(z.string().trim()),
  WHATSAPP_CONFIG_ID: optional(z.string().trim()),
  VAPID_PUBLIC_KEY: optional(z.string().trim()),
  VAPID_PRIVATE_KEY: optional(z.string().trim()),
  /** Who runs this server, for the push services (web-push accepts only mailto: and https:). */
  VAPID_SUBJECT: optional(url(['mailto:', 'https:'])),
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : DEFAULT_PUSH_HOSTS,
    )
    .refine((rules) => rules.every((rule) => PUSH_HOST_RULE.test(rule)), {
      message: 'must be host names, *.domain or host:port, separated by commas',
    }),
  SESSION_TTL: duration.default(12 * 36e5),
  /** How often the retention sweep looks for closed tickets past their company's setting, in ms (default 5 min). */
  RETENTION_SWEEP_MS: z.coerce.number().int().min(1_000).default(300_000),
  /**
   * How long the outbox keeps trying a message the channel cannot take now (API down, 5xx, 429), counted from when
   * it was queued; then it is marked failed and the agent sees Retry. Milliseconds (default one hour).
   */
  OUTBOX_GIVE_UP_MS: z.coerce.number().int().min(1_000).default(3_600_000),
  /** The longest wait between two tries of one message: the backoff doubles from 1 s, with jitter, up to this. */
  OUTBOX_MAX_BACKOFF_MS: z.coerce.number().int().min(100).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built single-page app lives; empty disables serving it (tests, API-only deployments). */
  WEB_DIST: z.string().optional(),
  /** The key that encrypts channel secrets at rest; without it one is generated once into DATA_DIR/secrets.key. */
  SECRETS_KEY: optional(
    z
      .string()
      .transform((v) => parseSecretsKey(v))
      .refine((key) => key !== undefined, {
        message: 'must be 32 bytes in base64 (openssl rand -base64 32) or 64 hex characters (openssl rand -hex 32)',
      }),
  ),
  /** Behind reverse proxies: whose X-Forwarded-* to believe for the client address and protocol. */
  TRUST_PROXY: trustProxy,
  /** Prometheus metrics on a port of their own (bound to HOST); without it and METRICS_TOKEN, none are served. */
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  /** A bearer token for GET /metrics: on the main port when METRICS_PORT is not set, else on that port. */
  METRICS_TOKEN: optional(z.string().trim().min(16, { message: 'must be at least 16 characters' })),
  /** Where uploaded files live: DATA_DIR/files, or the database (shared by every process, inside its backups). */
  FILE_STORAGE: z.enum(['disk', 'database']).default('disk'),
  /**
   * Storage quotas (files/quota.ts), over the last 24 hours for the first two: what one widget session or one
   * Telegram/WhatsApp client may upload, what one WordPress site, bot or number may take in from its clients, and
   * what a company may keep in all (agents' files included).
   */
  QUOTA_SESSION_DAY: byteSize.default(50 * 2 ** 20),
  QUOTA_SITE_DAY: byteSize.default(2 * 2 ** 30),
  QUOTA_COMPANY: byteSize.default(20 * 2 ** 30),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  telegramApiRoot: string;
  whatsapp: {
    graphRoot: string;
    graphVersion: string;
    appId: string | undefined;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    configId: string | undefined;
  };
  /** Without both keys, the push module generates a pair once into DATA_DIR. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  pushEndpointHosts: string[];
  sessionTtlMs: number;
  /** RETENTION_SWEEP_MS: the retention sweep's interval. */
  retentionSweepMs: number;
  /** The outbox's retry bounds (OUTBOX_GIVE_UP_MS, OUTBOX_MAX_BACKOFF_MS). */
  outbox: { giveUpMs: number; maxBackoffMs: number };
  logLevel: string;
  webDist: string | undefined;
  /** No proxy, a hop count, or the proxies' addresses and CIDRs (platform/proxy.ts). */
  trustProxy: false | number | string[];
  /** Encrypts channel secrets; without it the key generated once into DATA_DIR/secrets.key is used. */
  secretsKey: Buffer | undefined;
  /** Where GET /metrics is served (platform/metrics.routes.ts): neither set, nowhere. */
  metrics: { port: number | undefined; token: string | undefined };
  fileStorage: 'disk' | 'database';
  /** QUOTA_SESSION_DAY, QUOTA_SITE_DAY, QUOTA_COMPANY in bytes. */
  quotas: { senderDayBytes: number; channelDayBytes: number; companyBytes: number };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PRIVATE_KEY: set both VAPID keys, or neither');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    telegramApiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    whatsapp: {
      graphRoot: e.WHATSAPP_GRAPH_ROOT.replace(/\/+$/, ''),
      graphVersion: e.WHATSAPP_GRAPH_VERSION,
      appId: e.WHATSAPP_APP_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      configId: e.WHATSAPP_CONFIG_ID,
    },
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(e.PUBLIC_URL, e.MAIL_FROM),
    },
    pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS,
    sessionTtlMs: e.SESSION_TTL,
    retentionSweepMs: e.RETENTION_SWEEP_MS,
    outbox: { giveUpMs: e.OUTBOX_GIVE_UP_MS, maxBackoffMs: e.OUTBOX_MAX_BACKOFF_MS },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secretsKey: e.SECRETS_KEY,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    fileStorage: e.FILE_STORAGE,
    quotas: {
      senderDayBytes: e.QUOTA_SESSION_DAY,
      channelDayBytes: e.QUOTA_SITE_DAY,
      companyBytes: e.QUOTA_COMPANY,
    },
    webDist: e.WEB_DIST === undefined ? path.resolve(import.meta.dirname, '../../web/dist') : e.WEB_DIST || undefined,
  };
}

/** The site when it is public over https, else the sender address of the mails ("Name <a@b>" or "a@b"). */
function defaultVapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}
