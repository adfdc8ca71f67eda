/**
 * `npm run secrets:rotate`: re-encrypts every channel secret with a new key, in one transaction, and says what to
 * set afterwards. Stop every KreeChat process first (a process still running keeps the old key in memory: it
 * would refuse the re-encrypted secrets, or seal new ones with the old key); start them again afterwards.
 *
 * The current key is the one the server uses: SECRETS_KEY, else DATA_DIR/secrets.key. The new key is
 * NEW_SECRETS_KEY, else a fresh random one. With the key file, the file is replaced by the new key (the old one
 * kept as secrets.key.old, for restoring older database backups); with SECRETS_KEY, the new value is printed to be
 * set on every process. The new key is written (or printed) before the transaction commits, so a crash cannot
 * leave secrets under a key nobody has. Running it again after an interruption finishes the job: values already
 * under the new key are left as they are (with the key file, the staged DATA_DIR/secrets.key.new is picked up;
 * with SECRETS_KEY, pass the printed key as NEW_SECRETS_KEY).
 */
import fs from 'node:fs';
import path from 'node:path';
import { rotateChannelSecrets, type RotationResult } from '../channels/channel-secrets';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { replaceSecretFile } from '../platform/generated-file';
import { usePrivateUmask } from '../private-files';
import {
  createSecretBox,
  formatSecretsKey,
  generateSecretsKey,
  keyIdOf,
  parseSecretsKey,
  SECRETS_KEY_FILE,
  SecretsKeyError,
} from '../platform/secrets';

export type Rotation = RotationResult & { from: string | null; to: string };

/**
 * `forgetUnreadable` (`-- --forget-unreadable`) is the way out of a lost key: the secrets no key at hand opens are
 * replaced by empty ones, so the server starts again and an admin connects those channels anew.
 */
export async function rotateSecrets(
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
  options: { forgetUnreadable?: boolean } = {},
): Promise<Rotation> {
  const config = loadConfig(env);
  const keyFile = path.join(config.dataDir, SECRETS_KEY_FILE);
  const keyFileExists = fs.existsSync(keyFile);
  let current = config.secretsKey;
  if (!current && keyFileExists) {
    current = parseSecretsKey(fs.readFileSync(keyFile, 'utf8'));
    if (!current) throw new SecretsKeyError(`${keyFile} does not hold a secrets key`);
  }
  if (!current && !options.forgetUnreadable) {
    throw new SecretsKeyError(
      `No current key: SECRETS_KEY is not set and ${keyFile} does not exist. Run with the server's settings ` +
        '(or, if the key is lost, with --forget-unreadable).',
    );
  }
  let next: Buffer;
  const given = env.NEW_SECRETS_KEY?.trim();
  const staged = `${keyFile}.new`;
  const resumed = !config.secretsKey && !given && fs.existsSync(staged);
  if (resumed) {
    // A rotation that committed but stopped before putting its key in place: finish it with that key.
    const parsed = parseSecretsKey(fs.readFileSync(staged, 'utf8'));
    if (!parsed) throw new SecretsKeyError(`${staged} does not hold a secrets key; remove it and run again`);
    next = parsed;
    print(`Resuming the rotation interrupted earlier, with the key in ${staged}`);
  } else if (given) {
    const parsed = parseSecretsKey(given);
    if (!parsed) {
      throw new ConfigError(
        'Invalid configuration:\n  NEW_SECRETS_KEY: must be 32 bytes in base64 (openssl rand -base64 32) or 64 hex characters',
      );
    }
    next = parsed;
  } else {
    next = generateSecretsKey();
  }
  if (current && next.equals(current)) {
    throw new SecretsKeyError('NEW_SECRETS_KEY is the current key: nothing would change');
  }

  const from = current ? createSecretBox(current, config.secretsKey ? 'SECRETS_KEY' : keyFile) : undefined;
  const to = createSecretBox(next, given ? 'NEW_SECRETS_KEY' : 'the new key');
  print(`Rotating the channel secrets' key ${from?.keyId ?? '(none)'} -> ${to.keyId}`);

  // The new key must exist somewhere before any secret depends on it.
  if (!config.secretsKey && !resumed) replaceSecretFile(staged, `${formatSecretsKey(next)}\n`);
  else if (!given) print(`New key (not in use until the rotation commits): ${formatSecretsKey(next)}`);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let result: RotationResult;
  try {
    result = await rotateChannelSecrets(database.db, from, to, options);
  } catch (error) {
    // Nothing was committed; a resumed rotation's key stays, since secrets may already depend on it.
    if (!resumed) fs.rmSync(staged, { force: true });
    throw error;
  } finally {
    await database.close();
  }

  print(
    `Re-encrypted ${result.resealed} channel secrets` +
      (result.wasPlaintext ? `, encrypted ${result.wasPlaintext} stored in plaintext` : '') +
      (result.alreadyNew ? `; ${result.alreadyNew} were under the new key already` : '') +
      '.',
  );
  if (result.forgotten) {
    print(
      `Forgot ${result.forgotten} channel secrets no key at hand could open: connect those channels again ` +
        '(Admin panel -> Settings) once KreeChat runs.',
    );
  }
  if (config.secretsKey) {
    print(
      given
        ? 'Now set SECRETS_KEY to the value of NEW_SECRETS_KEY on every KreeChat process, and start them.'
        : `Now set SECRETS_KEY=${formatSecretsKey(next)} on every KreeChat process, and start them.`,
    );
  } else {
    if (keyFileExists) replaceSecretFile(`${keyFile}.old`, fs.readFileSync(keyFile, 'utf8'));
    fs.renameSync(staged, keyFile);
    print(
      `${keyFile} now holds the new key` +
        (keyFileExists
          ? `; the old one is in ${keyFile}.old, needed only to restore database backups taken before now ` +
            '(delete it when none is)'
          : '') +
        '. Start KreeChat again; processes that share this database through SECRETS_KEY need SECRETS_KEY set ' +
        'to the new key, which is the content of the file.',
    );
  }
  return { ...result, from: current ? keyIdOf(current) : null, to: keyIdOf(next) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  usePrivateUmask();
  const forgetUnreadable = process.argv.includes('--forget-unreadable');
  rotateSecrets(process.env, (line) => console.log(line), { forgetUnreadable }).catch((error: unknown) => {
    // A wrong or missing key is the operator's to fix: the message says how, a stack would bury it.
    if (error instanceof SecretsKeyError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
