import {
  PUSH_ENDPOINT_NOT_HTTPS,
  PUSH_SERVICE_NOT_ALLOWED,
  type PushPayload,
  type PushState,
  type PushSubscriptionBody,
  type ServerEventPayload,
  type Ticket,
} from '@kreechat/contract';
import webPush from 'web-push';
import type { Db, Tx } from '../../db/client';
import type { Principal } from '../../platform/access';
import { ValidationError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { endpointAllowed, isHttps } from './push.endpoint';
import { pushRepo, type PushTarget } from './push.repo';
import { pushTexts } from './push.texts';
import type { VapidKeys } from './vapid';

/** A push older than this is not worth showing: the ticket list or the chat says more by then. */
export const PUSH_TTL_SECONDS = 12 * 3600;
const SEND_TIMEOUT_MS = 10_000;
const BODY_MAX = 200;

export type PushService = ReturnType<typeof createPushService>;

const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);
const keyOf = (value: string) => value.replace(/=+$/, '');

/**
 * Web push (SPEC §2 bell, §7 /subscribe, /check-subscription, /update-subscription). A user receives pushes while
 * one of their subscriptions is enabled. Sending is fire-and-forget: it runs after the event that caused it was
 * emitted (so after commit), never throws into the caller and never delays an HTTP answer. A push service's
 * 404/410 means the browser dropped the subscription, so it is deleted; other failures are only logged.
 */
export function createPushService(deps: {
  db: Db;
  vapid: VapidKeys;
  endpointHosts: readonly string[];
  logger: Logger;
}) {
  const { db, vapid, endpointHosts, logger } = deps;
  const pending = new Set<Promise<void>>();

  function assertEndpoint(endpoint: string) {
    if (!isHttps(endpoint)) throw new ValidationError(PUSH_ENDPOINT_NOT_HTTPS);
    if (!endpointAllowed(endpoint, endpointHosts)) throw new ValidationError(PUSH_SERVICE_NOT_ALLOWED);
  }

  async function deliver(target: PushTarget, payload: PushPayload) {
    const host = new URL(target.endpoint).host;
    // Checked again at send time: PUSH_ENDPOINT_HOSTS may have narrowed since the subscription was stored.
    if (!endpointAllowed(target.endpoint, endpointHosts)) {
      logger.warn({ host }, 'push skipped: the push service is no longer allowed');
      return;
    }
    try {
      await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await pushRepo.deleteByEndpoint(db, target.endpoint);
        return;
      }
      // The endpoint itself is a capability: log where it points, never the URL.
      const status = error instanceof webPush.WebPushError ? error.statusCode : undefined;
      logger.warn({ host, status, err: error instanceof Error ? error.message : error }, 'web push failed');
    }
  }

  /** Runs `work` in the background; `idle()` waits for it (tests, shutdown). */
  function background(work: () => Promise<void>) {
    const running: Promise<void> = work()
      .catch((error: unknown) => logger.error({ err: error }, 'web push crashed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  async function sendAll(targets: PushTarget[], build: (language: string) => PushPayload) {
    await Promise.all(targets.map((target) => deliver(target, build(target.language))));
  }

  return {
    publicKey: () => vapid.publicKey,

    async subscribe(principal: Principal, body: PushSubscriptionBody): Promise<PushState> {
      assertEndpoint(body.endpoint);
      await pushRepo.upsert(db, {
        companyId: principal.companyId,
        userId: principal.userId,
        endpoint: body.endpoint,
        p256dh: keyOf(body.keys.p256dh),
        auth: keyOf(body.keys.auth),
      });
      return { subscribed: true };
    },

    /** Whether this browser's subscription is stored, enabled, for the caller (not for anyone else). */
    async check(principal: Principal, body: PushSubscriptionBody): Promise<PushState> {
      return { subscribed: await pushRepo.isEnabledFor(db, principal.companyId, principal.userId, body.endpoint) };
    },

    /** Forgets every browser subscription of a user, inside the caller's transaction (an agent's erasure). */
    deleteAllOf: (companyId: string, userId: string, tx: Tx = db) => pushRepo.deleteAllOfUser(tx, companyId, userId),

    /** Turns the caller's pushes on or off; on stays off for someone who never subscribed a browser. */
    async update(principal: Principal, enabled: boolean): Promise<PushState> {
      const count = await pushRepo.setEnabled(db, principal.companyId, principal.userId, enabled);
      return { subscribed: enabled && count > 0 };
    },

    /** A new or reopened ticket: to the enabled agents of its department. */
    notifyNewTicket(ticket: Ticket, reopened: boolean) {
      background(async () => {
        const targets = await pushRepo.departmentTargets(db, ticket.companyid, ticket.departmentid);
        await sendAll(targets, (language) => {
          const texts = pushTexts(language);
          return {
            title: reopened ? texts.reopened : texts.newTicket,
            body: clip(ticket.last_message ? `${ticket.client_name}: ${ticket.last_message}` : ticket.client_name),
            url: '/',
            tag: `ticket:${ticket.ticketid}`,
          };
        });
      });
    },

    /** A private message: to its receiver only. */
    notifyPrivateMessage({ message, sender }: ServerEventPayload<'newPrivateMessage'>) {
      background(async () => {
        const targets = await pushRepo.userTargets(db, message.receiverid);
        const name = `${sender.firstName} ${sender.lastName}`.trim();
        await sendAll(targets, (language) => {
          const texts = pushTexts(language);
          return {
            title: texts.messageFrom(name),
            body: clip(message.type === 'text' && message.content ? message.content : texts.newMessage),
            url: '/',
            tag: `private:${message.chatid}`,
          };
        });
      });
    },

    /** Resolves once every push started so far has been sent or given up. */
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
