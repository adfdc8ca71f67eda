import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import {
  createSecretBox,
  keyIdOf,
  loadSecretsKey,
  parseSecretsKey,
  sealedWith,
  SecretsKeyError,
  SecretTamperedError,
} from './secrets';

const logger = createLogger('silent');
const TOKEN = '7012345678:AAHk3v9-ExampleTokenSecretPart_0123456';
const CONTEXT = 'telegram_bots.token:2b6f0a6e-0000-4000-8000-000000000001';
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-secrets-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Flips one bit of the base64url field at `index` (2 = iv, 3 = tag, 4 = ciphertext) of a sealed value. */
function flip(stored: string, index: number): string {
  const parts = stored.split(':');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('the secret box', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key, 'SECRETS_KEY');

  it('seals with AES-256-GCM under a fresh IV, a versioned key-id prefix, and opens back', () => {
    const a = box.seal(TOKEN, CONTEXT);
    const b = box.seal(TOKEN, CONTEXT);
    expect(a).toMatch(/^kc1:[0-9a-f]{12}:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(a.startsWith(`kc1:${keyIdOf(key)}:`)).toBe(true);
    expect(a).not.toBe(b); // a new IV each time: equal tokens do not look equal in a dump
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
    expect(a).not.toContain(TOKEN.split(':')[1]);
    expect(Buffer.from(a, 'utf8').includes(Buffer.from(TOKEN.split(':')[1]!))).toBe(false);
    expect(box.open(a, CONTEXT)).toBe(TOKEN);
    expect(box.open(b, CONTEXT)).toBe(TOKEN);
    expect(sealedWith(a)).toBe(box.keyId);
    expect(sealedWith(TOKEN)).toBeUndefined();
  });

  it.each([
    ['the IV', 2],
    ['the tag', 3],
    ['the ciphertext', 4],
  ])('refuses a value whose %s was altered', (_what, index) => {
    const sealed = box.seal(TOKEN, CONTEXT);
    expect(() => box.open(flip(sealed, index), CONTEXT)).toThrow(SecretTamperedError);
  });

  it('refuses a value cut short, or moved to another row or column', () => {
    const sealed = box.seal(TOKEN, CONTEXT);
    expect(() => box.open(sealed.split(':').slice(0, 4).join(':'), CONTEXT)).toThrow(SecretTamperedError);
    expect(() => box.open(sealed.slice(0, -4), CONTEXT)).toThrow(SecretTamperedError);
    expect(() => box.open(sealed, 'telegram_bots.token:another-company')).toThrow(SecretTamperedError);
    expect(() => box.open(sealed, 'telegram_bots.webhook_secret:2b6f0a6e-0000-4000-8000-000000000001')).toThrow(
      /failed authentication: it was altered or copied from elsewhere/,
    );
  });

  it('refuses a value sealed with another key, naming both keys, and a plaintext value', () => {
    const other = createSecretBox(randomBytes(32), '/srv/data/secrets.key');
    const sealed = box.seal(TOKEN, CONTEXT);
    expect(() => other.open(sealed, CONTEXT)).toThrow(SecretsKeyError);
    expect(() => other.open(sealed, CONTEXT)).toThrow(
      new RegExp(
        `encrypted with key ${box.keyId}, but this server's key \\(/srv/data/secrets.key\\) is ${other.keyId}`,
      ),
    );
    // Same key id, other key: the id is checked first, but GCM is what decides.
    const forged = `kc1:${other.keyId}:${sealed.split(':').slice(2).join(':')}`;
    expect(() => other.open(forged, CONTEXT)).toThrow(SecretTamperedError);
    expect(() => box.open(TOKEN, CONTEXT)).toThrow(/is not encrypted/);
    expect(() => box.open(`kc2:${box.keyId}:a:b:c`, CONTEXT)).toThrow(/newer than this server's/);
  });

  it('takes keys as 64 hex characters or 32 bytes of base64 / base64url, and nothing else', () => {
    const raw = randomBytes(32);
    expect(parseSecretsKey(raw.toString('hex'))).toEqual(raw);
    expect(parseSecretsKey(raw.toString('base64'))).toEqual(raw);
    expect(parseSecretsKey(`  ${raw.toString('base64url')}\n`)).toEqual(raw);
    expect(parseSecretsKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseSecretsKey(randomBytes(48).toString('base64'))).toBeUndefined();
    expect(parseSecretsKey(raw.toString('hex').slice(1))).toBeUndefined();
    expect(parseSecretsKey('correct horse battery staple correct horse!')).toBeUndefined();
    expect(() => createSecretBox(randomBytes(16), 'x')).toThrow(SecretsKeyError);
  });
});

describe('the secrets key', () => {
  it('is generated once into DATA_DIR/secrets.key, readable by the owner only, and reused on the next start', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = loadSecretsKey({ secretsKey: undefined, dataDir, env: 'production' }, logger);
    const file = path.join(dataDir, 'secrets.key');
    expect(first.source).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(fs.readFileSync(file, 'utf8'))).toEqual(first.key);
    const second = loadSecretsKey({ secretsKey: undefined, dataDir, env: 'production' }, logger);
    expect(second.key).toEqual(first.key);
    expect(fs.readdirSync(dataDir)).toEqual(['secrets.key']); // no temporary file left behind
  });

  it('comes from SECRETS_KEY when set, and then nothing is written', () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    expect(loadSecretsKey({ secretsKey: key, dataDir, env: 'production' }, logger)).toEqual({
      key,
      source: 'SECRETS_KEY',
    });
    expect(fs.existsSync(path.join(dataDir, 'secrets.key'))).toBe(false);
  });

  it('refuses a key file that holds no key, rather than replacing it', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'secrets.key'), 'not a key\n', { mode: 0o600 });
    expect(() => loadSecretsKey({ secretsKey: undefined, dataDir, env: 'test' }, logger)).toThrow(
      /secrets\.key does not hold a secrets key/,
    );
    expect(fs.readFileSync(path.join(dataDir, 'secrets.key'), 'utf8')).toBe('not a key\n');
  });
});
