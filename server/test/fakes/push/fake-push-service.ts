/**
 * A local push service that behaves like FCM or Mozilla's autopush toward an application server: over https, it
 * refuses a request whose VAPID JWT is not valid for the subscription (RFC 8292) and decrypts the aes128gcm body
 * (RFC 8291 / RFC 8188) with the keys a "browser" made when it subscribed. Tests read what arrived in clear.
 * The TLS certificate comes from global-setup.ts, whose certificate the workers trust via NODE_EXTRA_CA_CERTS.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { TLS_DIR_VARIABLE } from './global-setup';

export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime: null };

export type ReceivedPush = { subscriptionId: string; payload: unknown; ttl: number; urgency: string | undefined };

type Subscriber = { ecdh: crypto.ECDH; auth: Buffer; applicationServerKey: string };

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const MAX_EXPIRY_SECONDS = 24 * 3600;

class Rejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakePushService() {
  const tlsDir = process.env[TLS_DIR_VARIABLE];
  if (!tlsDir) throw new Error(`${TLS_DIR_VARIABLE} is not set: run the server tests through vitest's global setup`);
  const subscribers = new Map<string, Subscriber>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: { subscriptionId: string; status: number; reason: string }[] = [];

  const server = https.createServer(
    { key: fs.readFileSync(path.join(tlsDir, 'key.pem')), cert: fs.readFileSync(path.join(tlsDir, 'cert.pem')) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        try {
          if (request.method !== 'POST') throw new Rejected(405, 'POST only');
          const subscriber = subscribers.get(id);
          if (!subscriber) throw new Rejected(404, 'no such subscription');
          verifyVapid(request.headers.authorization, subscriber.applicationServerKey, origin());
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Rejected(400, 'not aes128gcm');
          const ttl = Number(request.headers.ttl);
          if (!Number.isInteger(ttl) || ttl < 0) throw new Rejected(400, 'TTL header missing');
          const status = answers.get(id);
          if (status) {
            response.writeHead(status).end();
            return;
          }
          const clear = decrypt(Buffer.concat(chunks), subscriber);
          received.push({
            subscriptionId: id,
            payload: JSON.parse(clear.toString('utf8')),
            ttl,
            urgency: request.headers.urgency as string | undefined,
          });
          response.writeHead(201).end();
        } catch (error) {
          const status = error instanceof Rejected ? error.status : 400;
          rejected.push({ subscriptionId: id, status, reason: error instanceof Error ? error.message : String(error) });
          response.writeHead(status).end();
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const origin = () => `https://127.0.0.1:${port}`;

  return {
    /** The PUSH_ENDPOINT_HOSTS rule that admits this service. */
    hostRule: `127.0.0.1:${port}`,
    origin: origin(),
    received,
    rejected,

    /** What a browser does in `pushManager.subscribe({ applicationServerKey })`: a key pair and an auth secret. */
    subscribe(applicationServerKey: string): BrowserSubscription & { id: string } {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      subscribers.set(id, { ecdh, auth, applicationServerKey });
      return {
        id,
        endpoint: `${origin()}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        expirationTime: null,
      };
    },

    /** From now on, answer pushes to this subscription with `status` (404/410: the browser unsubscribed). */
    answer(subscriptionId: string, status: number) {
      answers.set(subscriptionId, status);
    },

    pushesTo: (subscriptionId: string) => received.filter((r) => r.subscriptionId === subscriptionId),

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT signed ES256 by that key, for this origin, expiring within 24 h. */
function verifyVapid(header: string | undefined, expectedKey: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Rejected(401, 'no VAPID authorization');
  const [, jwt = '', key = ''] = match;
  if (key !== expectedKey) throw new Rejected(403, 'VAPID key differs from the subscription key');
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Rejected(403, 'bad VAPID signature');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Rejected(403, 'VAPID JWT is not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Rejected(403, `VAPID aud ${claims.aud} is not ${origin}`);
  if (!claims.exp || claims.exp <= now || claims.exp > now + MAX_EXPIRY_SECONDS + 60) {
    throw new Rejected(403, 'VAPID exp is not within 24 hours');
  }
  if (!claims.sub) throw new Rejected(403, 'VAPID sub is missing');
}

/** RFC 8291 key derivation and one RFC 8188 record (web-push sends a single record). */
function decrypt(body: Buffer, subscriber: Subscriber): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize || record.length < 17)
    throw new Rejected(400, 'bad aes128gcm header');

  const receiverKey = subscriber.ecdh.getPublicKey();
  const ecdhSecret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then optional zero padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (padded[end - 1] !== 2) throw new Rejected(400, 'no last-record delimiter');
  return padded.subarray(0, end - 1);
}
