/**
 * WhatsApp's 24-hour customer-service window (channel-apis.md §2.8): only a client's own message opens it, for 24
 * hours; outside it only an approved template may be sent. The composer asks here whether free text can go out,
 * and sends a template through here when it cannot.
 */
import {
  TEMPLATE_NOT_APPROVED,
  TICKET_NOT_FOUND,
  WHATSAPP_NUMBER_GONE,
  WHATSAPP_WINDOW_MS,
  type Message,
  type WhatsAppWindow,
} from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { ChatService } from '../../modules/messages';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { AccountRepo } from './account.repo';
import type { GraphClient } from './graph.client';
import type { TemplatePayload } from './whatsapp.sender';

type GraphTemplate = {
  name: string;
  language?: string;
  status?: string;
  components?: { type?: string; text?: string }[];
};

export function createWhatsAppWindow(deps: {
  db: Db;
  clock: Clock;
  chat: ChatService;
  accounts: AccountRepo;
  graph: GraphClient;
}) {
  const { db, clock, chat, accounts, graph } = deps;

  async function conversationOf(viewer: Principal, ticketId: string) {
    const conversation = await chat.conversation(viewer, ticketId);
    if (conversation.platform !== 'whatsapp' || !conversation.channelRef) throw new NotFoundError(TICKET_NOT_FOUND);
    const account = await accounts.byId(db, conversation.channelRef);
    if (!account || account.companyId !== viewer.companyId) throw new ConflictError(WHATSAPP_NUMBER_GONE);
    return { conversation, account };
  }

  /** The WABA's approved templates, with their body text. */
  async function approved(account: { accessToken: string; wabaId: string }) {
    const answer = await graph.get<{ data?: GraphTemplate[] }>(
      account.accessToken,
      `${account.wabaId}/message_templates`,
      {
        fields: 'name,language,status,components',
        limit: 100,
      },
    );
    return (answer.data ?? [])
      .filter((t) => t.status === 'APPROVED')
      .map((t) => ({
        name: t.name,
        language: t.language ?? '',
        body: t.components?.find((c) => c.type === 'BODY')?.text ?? null,
      }));
  }

  return {
    async window(viewer: Principal, ticketId: string): Promise<WhatsAppWindow> {
      const { conversation, account } = await conversationOf(viewer, ticketId);
      const last = conversation.lastClientMessageAt;
      const closesAt = last ? new Date(last.getTime() + WHATSAPP_WINDOW_MS) : null;
      const open = closesAt !== null && closesAt > clock.now();
      return {
        open,
        closesAt: closesAt?.toISOString() ?? null,
        templates: open || !conversation.isHandler ? [] : await approved(account),
      };
    },

    /** The handler sends an approved template (the only thing WhatsApp delivers outside the window). */
    async sendTemplate(
      viewer: Principal,
      body: { ticketid: string; name: string; language: string },
    ): Promise<Message> {
      const { account } = await conversationOf(viewer, body.ticketid);
      const template = (await approved(account)).find((t) => t.name === body.name && t.language === body.language);
      if (!template) throw new ValidationError(TEMPLATE_NOT_APPROVED);
      const payload: TemplatePayload = { template: { name: template.name, language: template.language } };
      return chat.sendWithChannelPayload(viewer, body.ticketid, template.body ?? template.name, payload);
    },
  };
}
