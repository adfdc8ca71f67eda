import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const FILE_NAME = 'vapid.json';
const storedSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The VAPID key pair: from the environment, else the pair generated on the first start into DATA_DIR/vapid.json
 * (mode 0600). Browsers' subscriptions are bound to the public key, so the pair must survive restarts: a new
 * pair would silently orphan every subscription. Two processes starting at once on one DATA_DIR agree, because
 * the file is created exclusively and the loser reads the winner's pair.
 */
export function loadVapidKeys(config: Pick<Config, 'vapid' | 'dataDir' | 'env'>, logger: Logger): VapidKeys {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };

  const file = path.join(config.dataDir, FILE_NAME);
  const read = () => ({ ...storedSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))), subject });
  if (fs.existsSync(file)) return read();

  fs.mkdirSync(config.dataDir, { recursive: true });
  const generated = webPush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  if (config.env === 'production') {
    logger.warn(
      { file },
      'generated a VAPID key pair for web push; set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to own it',
    );
  }
  return { ...generated, subject };
}
