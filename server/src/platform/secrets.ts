/**
 * The secret box: channel secrets (bot tokens, access tokens, webhook secrets) are stored sealed with AES-256-GCM,
 * so a database dump alone reveals none of them (ARCHITECTURE §6).
 *
 * A sealed value reads `kc1:<keyId>:<iv>:<tag>:<ciphertext>` (the last three base64url): a fresh random 96-bit IV
 * per value, the 128-bit tag, and the id of the key that sealed it — a fingerprint of the key that reveals nothing
 * of it, so a start with the wrong key, or a rotation, can tell which values belong to which key without trying to
 * decrypt them. The version, the key id and the value's context (its column and owner, e.g.
 * `telegram_bots.token:<company id>`) are authenticated with it, so a value copied into another row or column does
 * not open.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecretFile } from './generated-file';
import type { Logger } from './logger';

export const SECRETS_KEY_FILE = 'secrets.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'kc1';
/** Any `kcN:` prefix is ours; anything else is a value stored before encryption existed (plaintext). */
const SEALED = /^kc\d+:/;

/** The operator must act: a key that does not fit the data, or none where one is needed. Stops the start. */
export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyError';
  }
}

/** A stored secret that does not authenticate: altered in the database, or moved from another row or column. */
export class SecretTamperedError extends Error {
  constructor(context: string) {
    super(`The stored secret ${context} failed authentication: it was altered or copied from elsewhere`);
    this.name = 'SecretTamperedError';
  }
}

/**
 * A key as the operator writes it: 64 hex characters, or 32 bytes in base64 / base64url (`openssl rand -base64 32`).
 * Undefined for anything else.
 */
export function parseSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return undefined;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : undefined;
}

export const formatSecretsKey = (key: Buffer) => key.toString('base64');

export const generateSecretsKey = () => randomBytes(KEY_BYTES);

/** A short public fingerprint of a key (HMAC of a fixed label): tells keys apart, reveals nothing of them. */
export const keyIdOf = (key: Buffer) =>
  createHmac('sha256', key).update('kreechat secrets key id').digest('hex').slice(0, 12);

export const isSealed = (stored: string) => SEALED.test(stored);

/** The id of the key that sealed a value; undefined for a plaintext (not yet sealed) value. */
export function sealedWith(stored: string): string | undefined {
  if (!isSealed(stored)) return undefined;
  return stored.split(':')[1] ?? '';
}

export type SecretBox = {
  /** The id of this box's key, as it appears in the values it seals. */
  readonly keyId: string;
  /** Seals a secret for its context (e.g. `telegram_bots.token:<company id>`). */
  seal(plain: string, context: string): string;
  /**
   * The secret in a sealed value. Throws SecretsKeyError when another key sealed it (or it was never sealed), and
   * SecretTamperedError when it does not authenticate for this context.
   */
  open(stored: string, context: string): string;
};

/** `source` names where the key came from, for the messages an operator reads ("SECRETS_KEY", a file's path). */
export function createSecretBox(key: Buffer, source: string): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretsKeyError(`${source}: the secrets key must be ${KEY_BYTES} bytes`);
  const keyId = keyIdOf(key);
  const aad = (context: string, id: string) => Buffer.from(`${VERSION}:${id}:${context}`, 'utf8');

  return {
    keyId,

    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(context, keyId));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        keyId,
        iv.toString('base64url'),
        tag.toString('base64url'),
        ciphertext.toString('base64url'),
      ].join(':');
    },

    open(stored, context) {
      if (!isSealed(stored)) {
        throw new SecretsKeyError(
          `The stored secret ${context} is not encrypted: restart the server so it encrypts it (it does so at start)`,
        );
      }
      const parts = stored.split(':');
      const [version, id, iv, tag, ciphertext] = parts;
      if (version !== VERSION) {
        throw new SecretsKeyError(`The stored secret ${context} is in format ${version}, newer than this server's`);
      }
      if (id !== keyId) {
        throw new SecretsKeyError(
          `The stored secret ${context} was encrypted with key ${id}, but this server's key (${source}) is ${keyId}: ` +
            'give every process the same SECRETS_KEY, or restart them all after `npm run secrets:rotate`',
        );
      }
      if (parts.length !== 5 || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new SecretTamperedError(context);
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretTamperedError(context);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(context, id));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretTamperedError(context);
      }
    },
  };
}

/**
 * The key that seals channel secrets: SECRETS_KEY when set, else DATA_DIR/secrets.key — generated on the first
 * start (mode 0600, base64) and read on every later one, like vapid.json. Processes that share a database but
 * not a DATA_DIR must be given the same SECRETS_KEY; a start with a key that does not fit the stored secrets is
 * refused (see prepareChannelSecrets).
 */
export function loadSecretsKey(
  settings: { secretsKey: Buffer | undefined; dataDir: string; env: string },
  logger: Logger,
): { key: Buffer; source: string } {
  if (settings.secretsKey) return { key: settings.secretsKey, source: 'SECRETS_KEY' };
  const file = path.join(settings.dataDir, SECRETS_KEY_FILE);
  const { text, created } = readOrCreateSecretFile(file, () => `${formatSecretsKey(generateSecretsKey())}\n`);
  const key = parseSecretsKey(text);
  if (!key) throw new SecretsKeyError(`${file} does not hold a secrets key (32 bytes in base64, or 64 hex characters)`);
  if (created && settings.env === 'production') {
    logger.warn(
      { file },
      'generated the key that encrypts channel secrets; back it up, and give other processes the same ' +
        '(SECRETS_KEY, or a shared DATA_DIR)',
    );
  }
  return { key, source: file };
}
