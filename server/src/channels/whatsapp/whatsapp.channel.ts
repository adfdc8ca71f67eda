/**
 * The WhatsApp channel, composed: setup and management (whatsapp.setup.ts), the signed webhook (verified, split
 * into items and recorded through the channel kit's receiver before Meta is answered), and the sender the outbox
 * uses. Wire format: channel-apis.md §2.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { DeliveryService } from '../../modules/delivery';
import type { InboundUpdates, IntakeService } from '../../modules/client-messages';
import type { ChatService } from '../../modules/messages';
import type { Clock } from '../../platform/clock';
import { safeEqual } from '../../platform/crypto';
import type { EventPublisher } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import type { SecretBox } from '../../platform/secrets';
import { createInboundReceiver } from '../inbound/receiver';
import { storable } from '../storable';
import { createAccountRepo, type AccountRow } from './account.repo';
import { createGraphClient } from './graph.client';
import { createWhatsAppInbound, needsDownload, splitWhatsAppWebhook } from './whatsapp.inbound';
import { parseWhatsAppWebhook, verifyWhatsAppSignature } from './whatsapp.parse';
import { createWhatsAppSender } from './whatsapp.sender';
import { createWhatsAppSetup } from './whatsapp.setup';
import { createWhatsAppWindow } from './whatsapp.window';

export type WhatsAppChannel = ReturnType<typeof createWhatsAppChannel>;

export function createWhatsAppChannel(deps: {
  db: Db;
  config: Pick<Config, 'whatsapp' | 'publicUrl'>;
  clock: Clock;
  logger: Logger;
  events: EventPublisher;
  intake: IntakeService;
  chat: ChatService;
  inbound: InboundUpdates;
  delivery: DeliveryService;
  storage: FileStorage;
  /** Seals access tokens and PINs in the database. */
  secrets: SecretBox;
}) {
  const { db, config, clock, logger, events, intake, delivery, storage } = deps;
  const accounts = createAccountRepo(deps.secrets);
  const graph = createGraphClient(config.whatsapp);
  const setup = createWhatsAppSetup({
    db,
    clock,
    accounts,
    graph,
    config: { ...config.whatsapp, publicUrl: config.publicUrl },
  });
  const adapter = createWhatsAppInbound({ db, accounts, graph, intake, delivery, storage, logger });
  const receiver = createInboundReceiver({ inbound: deps.inbound, clock, logger, adapter });
  const sender = createWhatsAppSender({ db, accounts, graph, storage });
  const conversationWindow = createWhatsAppWindow({ db, clock, chat: deps.chat, accounts, graph });

  /** Numbers by phone number id, kept briefly: the webhook is the hot path, and a number's row rarely changes. */
  const cache = new Map<string, { account: AccountRow | undefined; until: number }>();
  async function accountOf(phoneNumberId: string) {
    const cached = cache.get(phoneNumberId);
    if (cached && cached.until > Date.now()) return cached.account;
    const account = await accounts.byPhoneNumberId(db, phoneNumberId);
    cache.set(phoneNumberId, { account, until: Date.now() + 5_000 });
    return account;
  }

  /** Template reviews are not recorded: the list is read from Graph, so telling the admins live is all there is. */
  async function announceTemplates(rest: unknown) {
    for (const event of parseWhatsAppWebhook(rest)) {
      if (event.kind !== 'templateStatus') continue;
      for (const companyId of await accounts.companiesOfWaba(db, event.wabaId)) {
        events.toAdmins(companyId, 'templateStatus', {
          name: event.name,
          language: event.language,
          status: event.status,
        });
      }
    }
  }

  let warnedNoSecret = false;

  return {
    setup,
    sender,
    window: conversationWindow,

    /** GET /api/webhooks/whatsapp: Meta's subscription handshake (`hub.verify_token` must be ours). */
    verify(query: Record<string, string | undefined>): { status: number; body: string } {
      const token = config.whatsapp.verifyToken;
      const ok =
        query['hub.mode'] === 'subscribe' &&
        token !== undefined &&
        typeof query['hub.verify_token'] === 'string' &&
        safeEqual(query['hub.verify_token'], token);
      return ok ? { status: 200, body: query['hub.challenge'] ?? '' } : { status: 403, body: 'Forbidden' };
    },

    /**
     * POST /api/webhooks/whatsapp with its raw body. 401 without a valid `X-Hub-Signature-256` (nothing is
     * stored); 200 once every message and status of the batch is recorded — those of numbers we do not hold are
     * acknowledged and dropped.
     */
    async receiveWebhook(raw: Buffer, signature: string | undefined): Promise<number> {
      const secret = config.whatsapp.appSecret;
      if (!secret) {
        if (!warnedNoSecret) logger.warn('a WhatsApp webhook arrived, but WHATSAPP_APP_SECRET is not set: refused');
        warnedNoSecret = true;
        return 401;
      }
      if (!verifyWhatsAppSignature(raw, signature, secret)) return 401;
      let body: unknown;
      try {
        body = storable(JSON.parse(raw.toString('utf8')) as unknown);
      } catch {
        return 400;
      }
      const { items, rest, skipped } = splitWhatsAppWebhook(body);
      // Signed, so Meta's (or whoever holds the app secret): not stored, and not worth a redelivery either.
      for (const { at, reason } of skipped) {
        logger.warn({ at, reason }, 'a malformed WhatsApp webhook item was skipped');
      }
      await Promise.all(
        items.map(async ({ phoneNumberId, item }) => {
          const account = await accountOf(phoneNumberId);
          if (!account) return;
          // Media is downloaded first, which may be slow: record now, acknowledge, process after.
          if (needsDownload(item)) {
            await receiver.recordThenProcess(account, item);
          } else {
            await receiver.recordAndProcess(account, item);
          }
        }),
      );
      if (rest.entry.length) {
        await announceTemplates(rest).catch((error: unknown) =>
          logger.warn({ err: error }, 'template status not told'),
        );
      }
      return 200;
    },

    async start() {
      // A number whose stored secrets do not open (its row was altered, or the key changed) waits to be connected
      // again; its updates stay recorded until then.
      for (const { id, error } of (await accounts.all(db)).unreadable) {
        logger.error({ err: error, account: id }, "the WhatsApp number's stored secrets do not open; connect it again");
      }
      receiver.startSweeper();
    },
    stop: () => receiver.stop(),
    /** Resolves when every update received so far has been processed (tests, benchmarks). */
    idle: () => receiver.idle(),
    sweep: () => receiver.sweep(),
  };
}
