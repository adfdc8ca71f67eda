import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config';
import { readOrCreateSecretFile } from '../../platform/generated-file';
import type { Logger } from '../../platform/logger';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const FILE_NAME = 'vapid.json';
const storedSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The VAPID key pair: from the environment, else the pair generated on the first start into DATA_DIR/vapid.json
 * (mode 0600). Browsers' subscriptions are bound to the public key, so the pair must survive restarts: a new
 * pair would silently orphan every subscription. Two processes starting at once on one DATA_DIR agree (see
 * readOrCreateSecretFile).
 */
export function loadVapidKeys(config: Pick<Config, 'vapid' | 'dataDir' | 'env'>, logger: Logger): VapidKeys {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };

  const file = path.join(config.dataDir, FILE_NAME);
  const { text, created } = readOrCreateSecretFile(file, () => JSON.stringify(webPush.generateVAPIDKeys()));
  const stored = storedSchema.parse(JSON.parse(text));
  if (created && config.env === 'production') {
    logger.warn(
      { file },
      'generated a VAPID key pair for web push; set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to own it',
    );
  }
  return { ...stored, subject };
}
