import {
  closedSince,
  DEFAULT_SCHEDULE,
  fillVariables,
  LANGUAGES,
  isOpenAt,
  nextOpening,
  type AutoMessageKind,
  type AutoMessageVariable,
  type Language,
  type Platform,
  type ZonedSchedule,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { HoursReader } from '../opening-hours';
import { messageRepo, type MessageRow } from '../messages';
import { ticketRepo, type TicketRow } from '../tickets';
import { languageOf, type AutoMessageReader } from './auto-message.reader';
import { autoSendRepo } from './auto-send.repo';
import { formatNextOpening } from './next-opening';
import { ticketNumber } from './ticket-number';

/**
 * The outbox an automatic message is queued in (the delivery module's, handed in by app.ts). Declared here, narrow,
 * because delivery builds on this module (it resolves the bots' words through the AutoMessageReader).
 */
export type AutoOutbox = {
  enqueueMessage(
    tx: Tx,
    job: { companyId: string; platform: Platform; channelRef: string; recipient: string; messageId: string },
  ): Promise<void>;
  enqueued(): void;
};

/** What this module reads of opening hours (cached in memory by the opening-hours module). */
export type HoursPort = Pick<HoursReader, 'company' | 'department'>;
/** What this module reads of the automatic messages' settings (cached in memory by their module). */
export type AutoTextsPort = Pick<AutoMessageReader, 'get'>;

/** The kinds a client's message may call for, read before intake's transaction. */
const ON_CLIENT_MESSAGE = ['greeting', 'reopened', 'outOfHours', 'chooseDepartment'] as const;
type OnClientMessage = (typeof ON_CLIENT_MESSAGE)[number];

/**
 * A company's opening hours and automatic texts as they stand when a client's message arrives, read BEFORE
 * intake's transaction: the readers query through the pool on a cache miss, and on the embedded database (one
 * connection) a query outside an open transaction would wait for it forever.
 */
export type AutoReplyContext = {
  /** The department's schedule (a department not in the company's list, e.g. deleted: open 24/7). */
  zonedOf(departmentId: string): ZonedSchedule;
  textOf(kind: OnClientMessage, language: Language): { enabled: boolean; text: string };
};

/** Where an automatic message goes: the ticket's chat on its channel. */
export type Conversation = {
  companyId: string;
  ticketId: string;
  clientId: string;
  platform: Platform;
  channelRef: string;
  /** The client's id on the channel (Telegram chat id, WhatsApp number…). */
  recipient: string;
};

/**
 * Writes an automatic message inside the caller's transaction, as a chat message (an agent-side text with no
 * author, marked with its kind) with its outbox row: it is sent in the chat's order after what the agents and
 * the desk queued before it, and a crash after the commit still sends it. The caller publishes `newMessage` and
 * calls `delivery.enqueued()` after its commit.
 */
export async function writeAutoMessage(
  tx: Tx,
  deps: { delivery: Pick<AutoOutbox, 'enqueueMessage'>; now: Date },
  to: Conversation,
  kind: AutoMessageKind,
  text: string,
  values: Partial<Record<AutoMessageVariable, string>>,
): Promise<MessageRow> {
  const row = await messageRepo.insert(tx, {
    companyId: to.companyId,
    ticketId: to.ticketId,
    clientId: to.clientId,
    type: 'text',
    content: fillVariables(text, values),
    isAgent: true,
    createdById: null,
    autoKind: kind,
    deliveryStatus: 'pending',
    createdAt: deps.now,
  });
  await deps.delivery.enqueueMessage(tx, {
    companyId: to.companyId,
    platform: to.platform,
    channelRef: to.channelRef,
    recipient: to.recipient,
    messageId: row.id,
  });
  return row;
}

export type AutoReplies = ReturnType<typeof createAutoReplies>;

/**
 * The desk answering for itself when a client writes: the greeting on a new ticket, the reopened text
 * when a closed one comes back, the out-of-hours text once per closed period. Called by intake inside its
 * transaction; the still-waiting reminders are the sweeper's (still-waiting.sweeper.ts).
 */
export function createAutoReplies(deps: {
  db: Db;
  clock: Clock;
  hours: HoursPort;
  texts: AutoTextsPort;
  delivery: Pick<AutoOutbox, 'enqueueMessage'>;
}) {
  const { clock, hours, texts, delivery } = deps;

  return {
    /** Reads what `afterClientMessage`, `fastPathAllowed` and `asksDepartment` need; call it before the transaction. */
    async prepare(companyId: string): Promise<AutoReplyContext> {
      const company = await hours.company(companyId);
      const read = new Map<string, { enabled: boolean; text: string }>();
      await Promise.all(
        ON_CLIENT_MESSAGE.flatMap((kind) =>
          LANGUAGES.map(async (language) =>
            read.set(`${kind}:${language}`, await texts.get(companyId, kind, language)),
          ),
        ),
      );
      return {
        zonedOf: (departmentId) =>
          company.departments.get(departmentId)?.zoned ?? { timeZone: company.timeZone, schedule: DEFAULT_SCHEDULE },
        textOf: (kind, language) => read.get(`${kind}:${language}`)!,
      };
    },

    /**
     * After a client's message is stored in `tx`: marks a ticket that started or came back while its department
     * is closed (`arrived_closed`), and writes the automatic messages due. While closed, the out-of-hours text
     * (with the next opening) goes out once per closed period — claimed by a conditional UPDATE, so two messages
     * at once, or two processes, send it once — and it stands in for the greeting or the reopened text: "hello,
     * we will answer shortly" next to "we are closed until Monday" would contradict it. Returns the messages
     * written, for the caller's events.
     */
    async afterClientMessage(
      tx: Tx,
      context: AutoReplyContext,
      input: {
        ticket: Pick<TicketRow, 'id' | 'companyId' | 'departmentId' | 'clientId' | 'platform'>;
        client: { name: string; language: string | null };
        channelRef: string;
        recipient: string;
        /** The message started the ticket, reopened it, or was written into an open one. */
        started: 'created' | 'reopened' | null;
      },
    ): Promise<MessageRow[]> {
      const { ticket, client, started } = input;
      const now = clock.now();
      const zoned = context.zonedOf(ticket.departmentId);
      const closedFrom = closedSince(zoned, now);
      if (started && closedFrom) await ticketRepo.markArrivedClosed(tx, ticket.id);

      const language = languageOf(client.language);
      const to: Conversation = {
        companyId: ticket.companyId,
        ticketId: ticket.id,
        clientId: ticket.clientId,
        platform: ticket.platform,
        channelRef: input.channelRef,
        recipient: input.recipient,
      };
      const valuesOf = async () => ({
        client_name: client.name,
        department: await autoSendRepo.departmentName(tx, ticket.departmentId),
        ticket_number: ticketNumber(ticket.id),
      });

      if (closedFrom) {
        const outOfHours = context.textOf('outOfHours', language);
        if (outOfHours.enabled && (await ticketRepo.claimOutOfHours(tx, ticket.id, closedFrom, now))) {
          const next_opening = formatNextOpening(nextOpening(zoned, now), now, { language, timeZone: zoned.timeZone });
          return [
            await writeAutoMessage(tx, { delivery, now }, to, 'outOfHours', outOfHours.text, {
              ...(await valuesOf()),
              next_opening,
            }),
          ];
        }
      }
      if (!started) return [];
      const kind = started === 'created' ? 'greeting' : 'reopened';
      const text = context.textOf(kind, language);
      if (!text.enabled) return [];
      return [await writeAutoMessage(tx, { delivery, now }, to, kind, text.text, await valuesOf())];
    },

    /**
     * Whether intake's hot path may take a company's messages: it appends in one statement shared by many chats
     * and cannot write an out-of-hours text, so while that text is on and any department is closed, messages go
     * the full way. Both readers are cached in memory, so the context costs no query on a busy desk.
     */
    async fastPathAllowed(companyId: string): Promise<boolean> {
      if (!(await texts.get(companyId, 'outOfHours', 'en')).enabled) return true;
      const now = clock.now();
      for (const { zoned } of (await hours.company(companyId)).departments.values()) {
        if (!isOpenAt(zoned, now)) return false;
      }
      return true;
    },

    /** Whether a new client is asked for the department (with several); switched off, the first one takes them. */
    asksDepartment: (context: AutoReplyContext, clientLanguage: string | null): boolean =>
      context.textOf('chooseDepartment', languageOf(clientLanguage)).enabled,
  };
}
