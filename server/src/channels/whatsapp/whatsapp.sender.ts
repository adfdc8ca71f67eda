/**
 * WhatsApp's outbound side (channel-apis.md §2.3, §2.4, §2.13): a delivery job → `POST /{phone-number-id}/messages`,
 * files uploaded first (`POST /{phone-number-id}/media`) and sent by id, bot questions as interactive reply
 * buttons (≤ 3, titles ≤ 20) or a list (≤ 10 rows, titles ≤ 24). Graph's errors are classified by their code.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { DeliveryJob } from '../../modules/delivery';
import { callbackData } from '../bot-actions';
import { departmentsButton, RATING_LABELS } from '../bot-texts';
import { DeliveryRefused, type ChannelSender, type SendFailure, type SendResult } from '../registry';
import type { AccountRepo } from './account.repo';
import { GraphRefusal, GraphUnreachable, type GraphClient } from './graph.client';
import { classifyGraphError, graphDetail } from './whatsapp.parse';

const MAX_BUTTONS = 3;
const BUTTON_TITLE = 20;
const MAX_ROWS = 10;
const ROW_TITLE = 24;

/** Cuts a title to Meta's limit, marking the cut. */
export const fit = (text: string, limit: number) =>
  [...text].length <= limit ? text : `${[...text].slice(0, limit - 1).join('')}…`;

export function classifyWhatsAppError(error: unknown): SendFailure | undefined {
  if (error instanceof GraphUnreachable) return { kind: 'retry', code: 'unreachable', reason: error.message };
  if (!(error instanceof GraphRefusal)) return undefined;
  const decided = classifyGraphError(error.error);
  const problem = { code: decided.code, reason: decided.reason, detail: graphDetail(error.error) };
  if (decided.kind === 'refused') return { kind: 'failed', ...problem };
  return decided.afterMs !== undefined
    ? { kind: 'retryAfter', ...problem, afterMs: decided.afterMs }
    : { kind: 'retry', ...problem };
}

type Outgoing = Record<string, unknown> & { type: string };

/** A message sent as a template carries the template's name and language in its outbox payload. */
export type TemplatePayload = { template: { name: string; language: string } };
function templateOf(payload: unknown): TemplatePayload['template'] | undefined {
  const template = (payload as Partial<TemplatePayload> | null)?.template;
  return template && typeof template.name === 'string' && typeof template.language === 'string' ? template : undefined;
}

/**
 * What the department question looks like: reply buttons for up to three, else a list. `text` is the company's
 * wording; the list's button keeps its fixed label in the client's language.
 */
export function departmentQuestion(
  text: string,
  language: string | null,
  departments: { id: string; name: string }[],
): Outgoing {
  const body = { text };
  if (departments.length <= MAX_BUTTONS) {
    return {
      type: 'interactive',
      interactive: {
        type: 'button',
        body,
        action: {
          buttons: departments.map((d) => ({
            type: 'reply',
            reply: { id: callbackData.department(d.id), title: fit(d.name, BUTTON_TITLE) },
          })),
        },
      },
    };
  }
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body,
      action: {
        button: fit(departmentsButton(language), BUTTON_TITLE),
        sections: [
          {
            rows: departments
              .slice(0, MAX_ROWS)
              .map((d) => ({ id: callbackData.department(d.id), title: fit(d.name, ROW_TITLE) })),
          },
        ],
      },
    },
  };
}

export function createWhatsAppSender(deps: {
  db: Db;
  accounts: AccountRepo;
  graph: GraphClient;
  storage: FileStorage;
}): ChannelSender {
  const { db, accounts, graph, storage } = deps;

  /** The message to post, or null when there is nothing to say (a close with its texts switched off). */
  async function outgoing(
    job: Exclude<DeliveryJob, { kind: 'read' }>,
    token: string,
    phoneNumberId: string,
  ): Promise<Outgoing | null> {
    if (job.kind === 'botText') {
      const p = job.payload;
      return p.notice === 'chooseDepartment'
        ? departmentQuestion(job.text, p.language, p.departments)
        : { type: 'text', text: { body: job.text } };
    }
    const m = job.message;
    const template = templateOf(job.channelPayload);
    // Outside the 24-hour window only an approved template may go out (channel-apis.md §2.8).
    if (template) return { type: 'template', template: { name: template.name, language: { code: template.language } } };
    switch (m.type) {
      case 'close':
        if (!job.closing) return null;
        if (!job.closing.withRating) return { type: 'text', text: { body: job.closing.text, preview_url: false } };
        return {
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: job.closing.text },
            action: {
              buttons: RATING_LABELS.map((label, i) => ({
                type: 'reply',
                reply: { id: callbackData.rating(m.ticketId, i + 1), title: label },
              })),
            },
          },
        };
      case 'image':
      case 'video':
      case 'audio':
      case 'document': {
        if (!m.fileKey) return { type: 'text', text: { body: m.content } };
        const bytes = await storage.read(m.fileKey);
        // Stored files were typed by their bytes when they were saved; the same reading names the type here.
        const mime = (await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream';
        const form = new FormData();
        form.set('messaging_product', 'whatsapp');
        form.set('type', mime);
        form.set('file', new Blob([new Uint8Array(bytes)], { type: mime }), m.fileName ?? 'file');
        const { id } = await graph.postForm<{ id: string }>(token, `${phoneNumberId}/media`, form);
        // Audio carries no caption on WhatsApp; a document keeps its file name.
        const media: Record<string, string> = { id };
        if (m.type !== 'audio' && m.content) media.caption = m.content;
        if (m.type === 'document' && m.fileName) media.filename = m.fileName;
        return { type: m.type, [m.type]: media };
      }
      default:
        return { type: 'text', text: { body: m.content, preview_url: false } };
    }
  }

  async function send(job: DeliveryJob): Promise<SendResult> {
    const account = await accounts.byId(db, job.channelRef);
    if (!account) throw new DeliveryRefused('channelDisconnected', 'The WhatsApp number is no longer connected');
    if (!account.accessToken)
      throw new DeliveryRefused('channelReconnect', 'The WhatsApp number must be connected again (its token was lost)');
    if (job.kind === 'read') {
      await graph.post(account.accessToken, `${account.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: job.externalId,
      });
      return {};
    }
    const message = await outgoing(job, account.accessToken, account.phoneNumberId);
    // The company switched both the closing text and the rating question off: Graph is not called.
    if (!message) return {};
    const answer = await graph.post<{ messages?: { id: string }[] }>(
      account.accessToken,
      `${account.phoneNumberId}/messages`,
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: job.recipient,
        ...message,
      },
    );
    return { externalId: answer.messages?.[0]?.id };
  }

  return { send, classify: classifyWhatsAppError };
}
