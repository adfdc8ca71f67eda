import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { loadVapidKeys } from './vapid';

const logger = createLogger('silent');
const dirs: string[] = [];
const config = (vapid: { publicKey?: string; privateKey?: string } = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-vapid-'));
  dirs.push(dataDir);
  return {
    env: 'development' as const,
    dataDir,
    vapid: { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:ops@example.test' },
  };
};

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, readable by the owner only, and reused on the next start', () => {
    const settings = config();
    const first = loadVapidKeys(settings, logger);
    const file = path.join(settings.dataDir, 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadVapidKeys(settings, logger)).toEqual(first);
    expect(first.subject).toBe('mailto:ops@example.test');
  });

  it('come from the environment when both are set, and then nothing is written', () => {
    const pair = webPush.generateVAPIDKeys();
    const settings = config(pair);
    expect(loadVapidKeys(settings, logger)).toEqual({ ...pair, subject: 'mailto:ops@example.test' });
    expect(fs.existsSync(path.join(settings.dataDir, 'vapid.json'))).toBe(false);
  });
});
