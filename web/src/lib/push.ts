/**
 * The browser side of web push (SPEC §2 bell, §4: when permission is denied or still to be asked, the
 * subscription is false). The service worker at /sw.js shows what the server pushes.
 */
import { parser } from './schemas';
import { api } from './api-client';

export const SERVICE_WORKER_URL = '/sw.js';
/** A browser that cannot reach its push service may never answer `subscribe`: the bell must not spin forever. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;

/** Whether this browser can receive web pushes at all (not in every browser, nor over plain http). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A VAPID key as `pushManager.subscribe` wants it: the base64url text decoded to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (a server with a new key needs a new subscription). */
export function sameKey(subscriptionKey: ArrayBuffer | null | undefined, base64url: string): boolean {
  if (!subscriptionKey) return false;
  const a = new Uint8Array(subscriptionKey);
  const b = keyBytes(base64url);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

const turnOff = async () =>
  (await api.post('/update-subscription', { subscription: false }, parser('pushStateResponseSchema'))).subscribed;

/**
 * Brings the server in line with the browser on start: on only with permission granted and this browser's
 * subscription stored for the user; otherwise the server is told the subscription is false.
 */
export async function syncPush(): Promise<boolean> {
  if (Notification.permission !== 'granted') return turnOff();
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return turnOff();
  const { subscribed } = await api.post(
    '/check-subscription',
    subscription.toJSON(),
    parser('pushStateResponseSchema'),
  );
  return subscribed;
}

export type EnableResult = 'on' | 'denied';

/** Asks permission, subscribes this browser with the server's key and hands the subscription to the server. */
export async function enablePush(): Promise<EnableResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    await turnOff();
    return 'denied';
  }
  const [worker, { publicKey }] = await Promise.all([
    registration(),
    api.get('/push/public-key', parser('pushPublicKeyResponseSchema')),
  ]);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withTimeout(
    worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  await api.post('/subscribe', subscription.toJSON(), parser('pushStateResponseSchema'));
  return 'on';
}

/** Stops pushes to this user; the browser keeps its subscription, so turning on again needs no new one. */
export const disablePush = (): Promise<boolean> => turnOff();

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: number | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('The push service did not answer')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => window.clearTimeout(timer));
}
