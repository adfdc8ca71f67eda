/**
 * WhatsApp's inbound side. A webhook POST is a batch (channel-apis.md §2.2): it is split into one item per
 * message and per status, each a one-item webhook body of the same shape, recorded under (phone number id, wamid)
 * by the channel kit before Meta is answered, so Meta's retries (for up to 7 days) change nothing. Each item then
 * means one thing for intake or delivery; a client's media is looked up and downloaded (capped) first.
 */
import { MAX_UPLOAD_BYTES } from '@kreechat/contract';
import type { Db } from '../../db/client';
import { isQuotaRefusal } from '../../files/quota';
import type { FileStorage } from '../../files/storage';
import type { DeliveryService } from '../../modules/delivery';
import type { InboundContent, InboundFile, InboundOrigin, IntakeService } from '../../modules/client-messages';
import type { Logger } from '../../platform/logger';
import { parseCallback } from '../bot-actions';
import { downloadCapped } from '../download';
import type { InboundAdapter } from '../inbound/receiver';
import type { AccountRepo, AccountRow } from './account.repo';
import type { GraphClient } from './graph.client';
import {
  batchItemSchemas,
  classifyGraphError,
  describeIssues,
  parseWhatsAppWebhook,
  type WhatsAppContent,
  type WhatsAppMediaRef,
} from './whatsapp.parse';

/** Meta's own cap for media is 100 MB; ours is the upload cap, counted while the bytes arrive. */
const MAX_DOWNLOAD_BYTES = MAX_UPLOAD_BYTES;

/** One message or status of a batch, as a webhook body of its own (so the parser reads it like any other). */
export type WhatsAppItem = {
  object: 'whatsapp_business_account';
  entry: [{ id: string; changes: [{ field: 'messages'; value: Record<string, unknown> }] }];
};

export type SplitItem = { phoneNumberId: string; updateId: string; item: WhatsAppItem };

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/**
 * A field read off a recorded item without its schema (the hot path): split checked it was a string, but a row
 * recorded before that check may hold anything, and String() of `{"toString":1}` throws.
 */
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Why one piece of a batch was not recorded, and where it sat (`entry[0].changes[1].messages[2]`), for the log. */
export type SkippedItem = { at: string; reason: string };

/**
 * The batch's messages and statuses, one item each, with the key each is recorded under; anything else (template
 * reviews, account updates) is not recorded: `rest` keeps it for the caller to act on at once. Each entry, messages
 * change, message and status is checked against the parser's own schema first (whatsapp.parse.ts): one holding
 * something else where an id or a status goes — an object, in a body that is signed all the same — is `skipped`
 * with its reason, for the caller to log, and never costs the rest of the batch.
 */
export function splitWhatsAppWebhook(body: unknown): {
  items: SplitItem[];
  rest: { object: unknown; entry: unknown[] };
  skipped: SkippedItem[];
} {
  const items: SplitItem[] = [];
  const restEntries: unknown[] = [];
  const skipped: SkippedItem[] = [];
  list(isObject(body) ? body.entry : undefined).forEach((rawEntry, e) => {
    const entry = batchItemSchemas.entry.safeParse(rawEntry);
    if (!entry.success) return void skipped.push({ at: `entry[${e}]`, reason: describeIssues(entry.error) });
    const wabaId = entry.data.id;
    const otherChanges: unknown[] = [];
    entry.data.changes.forEach((change, c) => {
      if (!isObject(change) || change.field !== 'messages') return void otherChanges.push(change);
      const at = `entry[${e}].changes[${c}]`;
      const value = batchItemSchemas.messagesValue.safeParse(change.value);
      if (!value.success) return void skipped.push({ at, reason: describeIssues(value.error) });
      const phoneNumberId = value.data.metadata.phone_number_id;
      // The item keeps what Meta sent (the parser reads it again), not the schema's output.
      const metadata = (change.value as Loose).metadata;
      const one = (piece: Loose): WhatsAppItem => ({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata, ...piece } }],
          },
        ],
      });
      const contacts = value.data.contacts ?? [];
      (value.data.messages ?? []).forEach((raw, m) => {
        const message = batchItemSchemas.message.safeParse(raw);
        if (!message.success) {
          return void skipped.push({ at: `${at}.messages[${m}]`, reason: describeIssues(message.error) });
        }
        const contact = contacts.filter((c) => isObject(c) && c.wa_id === message.data.from);
        items.push({
          phoneNumberId,
          updateId: message.data.id,
          item: one({ contacts: contact, messages: [raw as Loose] }),
        });
      });
      (value.data.statuses ?? []).forEach((raw, s) => {
        const status = batchItemSchemas.status.safeParse(raw);
        if (!status.success) {
          return void skipped.push({ at: `${at}.statuses[${s}]`, reason: describeIssues(status.error) });
        }
        items.push({
          phoneNumberId,
          updateId: `status:${status.data.id}:${status.data.status}`,
          item: one({ statuses: [raw as Loose] }),
        });
      });
    });
    if (otherChanges.length) restEntries.push({ ...(rawEntry as Loose), changes: otherChanges });
  });
  return { items, rest: { object: isObject(body) ? body.object : undefined, entry: restEntries }, skipped };
}

/** Message types whose media is downloaded before they can be stored (a sticker arrives as an image). */
const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** Whether an item needs slow work (a download) first; read off its type, without parsing it all (the hot path). */
export function needsDownload(item: WhatsAppItem): boolean {
  const [message] = list(item.entry[0].changes[0].value.messages);
  return isObject(message) && typeof message.type === 'string' && MEDIA_TYPES.has(message.type);
}

export const channelKeyOf = (account: Pick<AccountRow, 'phoneNumberId'>) => `wa:${account.phoneNumberId}`;

/**
 * A send holds its outbox job (a 10 s lease, renewed while the send is in flight); a receipt that arrives before
 * the send is recorded waits for it at most this long, then goes to the sweeper.
 */
const RECEIPT_WAIT_LIMIT_MS = 30_000;
const RECEIPT_WAIT_MS = 100;

/** Raised when a receipt names a message we have not stored yet: the update is tried again later. */
class ReceiptTooEarly extends Error {}

export function createWhatsAppInbound(deps: {
  db: Db;
  accounts: AccountRepo;
  graph: GraphClient;
  intake: IntakeService;
  delivery: DeliveryService;
  storage: FileStorage;
  logger: Logger;
}): InboundAdapter<AccountRow, WhatsAppItem> {
  const { db, accounts, graph, intake, delivery, storage, logger } = deps;

  /**
   * The client's media: `GET /{media-id}` for a URL that lives 5 minutes, then the bytes with the same token,
   * capped while they stream (Graph's `file_size` only lets a file be refused sooner). A file over a storage quota
   * (the client's or the number's day, the company's total) is not kept and arrives as "too large": the client's
   * message is never lost, only its bytes. Any type is kept; files.ts serves those the chat does not carry as
   * downloads only.
   */
  async function download(account: AccountRow, waId: string, file: WhatsAppMediaRef): Promise<InboundFile> {
    const media = await graph.get<{ url?: string; file_size?: number; mime_type?: string }>(
      account.accessToken,
      file.mediaId,
    );
    const tooLarge = (size: number | null): InboundFile => ({ tooLarge: true, name: file.name, size });
    if (typeof media.file_size === 'number' && media.file_size > MAX_DOWNLOAD_BYTES) return tooLarge(media.file_size);
    if (!media.url) throw new Error(`Graph gave no URL for media ${file.mediaId}`);
    const fetched = await downloadCapped(media.url, {
      maxBytes: MAX_DOWNLOAD_BYTES,
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    if (fetched.kind === 'tooLarge') return tooLarge(fetched.size);
    let stored;
    try {
      stored = await storage.save(account.companyId, fetched.bytes, file.name, {
        types: 'any',
        source: { kind: 'channel', platform: 'whatsapp', channelRef: account.id, senderId: waId },
      });
    } catch (error) {
      if (!isQuotaRefusal(error)) throw error;
      logger.warn({ companyId: account.companyId, reason: error.message }, 'a WhatsApp file was over a storage quota');
      return tooLarge(fetched.bytes.length);
    }
    return { key: stored.key, name: stored.name, size: stored.size, thumbnailKey: stored.thumbnailKey };
  }

  async function materialize(account: AccountRow, waId: string, content: WhatsAppContent): Promise<InboundContent> {
    if (content.type === 'text') return content;
    if (content.type === 'location')
      return { type: 'location', latitude: content.latitude, longitude: content.longitude };
    return { type: content.type, caption: content.caption, file: await download(account, waId, content.file) };
  }

  async function process(account: AccountRow, item: WhatsAppItem, recordHere: boolean) {
    const key = {
      channelKey: channelKeyOf(account),
      updateId: updateIdOf(item),
      ...(recordHere ? { payload: item } : {}),
    };
    const origin = (client: { waId: string; name: string }): InboundOrigin => ({
      companyId: account.companyId,
      platform: 'whatsapp',
      channelRef: account.id,
      client: { externalId: client.waId, name: client.name, language: null },
      update: key,
    });
    const none = origin({ waId: '', name: '' });
    const [event] = parseWhatsAppWebhook(item);
    if (!event) return void (await intake.skip(none));
    // While the admin has switched the number's webhook off, what clients send is acknowledged and ignored: no
    // client, ticket, message or bot answer. Receipts of what we sent before still count. The flag is read now, not
    // from the webhook's briefly cached row or the one a queued update carries, so the switch holds at once.
    if (event.kind !== 'status' && !(await accounts.webhookActive(db, account.id)))
      return void (await intake.skip(none));
    switch (event.kind) {
      case 'message':
        await intake.receive(origin(event.sender), {
          externalId: event.wamid,
          sentAt: event.date,
          content: await materialize(account, event.sender.waId, event.content),
          replyToExternalId: event.replyTo,
        });
        return;
      case 'choice': {
        const action = parseCallback(event.id);
        if (action.action === 'department') await intake.chooseDepartment(origin(event.sender), action.departmentId);
        else if (action.action === 'rating') await intake.rate(origin(event.sender), action.ticketId, action.rating);
        // A tap on something else (a template's quick reply) is what the client said.
        else {
          await intake.receive(origin(event.sender), {
            externalId: event.wamid,
            sentAt: event.date,
            content: { type: 'text', text: event.title },
          });
        }
        return;
      }
      case 'reaction':
        await intake.react(origin(event.sender), event.targetWamid, event.emoji);
        return;
      case 'status': {
        const reason = event.errors.map((e) => `${e.title || e.message || 'Error'} (${e.code})`).join('; ');
        // A failed status says why by Graph's codes, as a refused send does: the first one is shown, all are kept.
        const first = event.errors[0];
        const failure = { code: first ? classifyGraphError(first).code : 'refused', detail: reason || null } as const;
        // Meta's 'sent' often arrives within milliseconds of its answer to our send, before we have stored the
        // wamid that answer carried: while that send is in flight, wait for its commit. A receipt for a message
        // we never sent (the number is used by another tool too) is taken and dropped.
        const to = { companyId: account.companyId, channelRef: account.id, recipient: event.recipientWaId };
        let outcome = await delivery.receipt(to, event.wamid, event.status, failure);
        for (let waited = 0; outcome === 'early' && waited < RECEIPT_WAIT_LIMIT_MS; waited += RECEIPT_WAIT_MS) {
          await new Promise((resolve) => setTimeout(resolve, RECEIPT_WAIT_MS));
          outcome = await delivery.receipt(to, event.wamid, event.status, failure);
        }
        if (outcome === 'early') throw new ReceiptTooEarly(`no message ${event.wamid} yet`);
        await intake.skip(none);
        return;
      }
      case 'templateStatus':
      case 'skip':
        await intake.skip(none);
        return;
    }
  }

  function updateIdOf(item: WhatsAppItem): string {
    const value = item.entry[0].changes[0].value;
    const [message] = list(value.messages);
    if (isObject(message)) return stringOf(message.id) || 'unknown';
    const [status] = list(value.statuses);
    return isObject(status) ? `status:${stringOf(status.id)}:${stringOf(status.status)}` : 'unknown';
  }

  return {
    prefix: 'wa:',
    keyOf: channelKeyOf,
    companyOf: (account) => account.companyId,
    updateIdOf,
    conversationOf(item) {
      const value = item.entry[0].changes[0].value;
      const [message] = list(value.messages);
      if (isObject(message)) return `client:${stringOf(message.from)}`;
      const [status] = list(value.statuses);
      return isObject(status) ? `client:${stringOf(status.recipient_id)}` : 'other';
    },
    process,
    async accounts() {
      const map = new Map<string, AccountRow>();
      for (const account of (await accounts.all(db)).accounts) map.set(channelKeyOf(account), account);
      return map;
    },
  };
}
