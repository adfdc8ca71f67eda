/**
 * The WordPress channel, composed: site tokens (admins), the widget's sessions and conversation (visitors), the
 * outbox sender that reaches open widgets, the agents' SPEC §7 WordPress calls, and the plugin's zip.
 */
import type { Db, Tx } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import type { DeliveryService } from '../../modules/delivery';
import type { DepartmentService } from '../../modules/departments';
import type { IntakeService } from '../../modules/client-messages';
import type { ChatService } from '../../modules/messages';
import type { TicketService } from '../../modules/ticket-lists';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secrets';
import type { WidgetPublisher } from '../../platform/widget-events';
import { createPluginZip } from './plugin-zip';
import { createWidgetTickets } from './widget-tickets';
import { createWidgetService } from './widget.service';
import { widgetRepo } from './widget.repo';
import { createWordpressRepo } from './wordpress.repo';
import { createWordpressSender } from './wordpress.sender';
import { createWordpressTokens } from './wordpress.tokens';

export type WordpressChannel = ReturnType<typeof createWordpressChannel>;

/** How often expired widget sessions are deleted. */
const SESSION_SWEEP_MS = 60 * 60_000;

export function createWordpressChannel(deps: {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  live: WidgetPublisher;
  intake: IntakeService;
  departments: Pick<DepartmentService, 'listLive'>;
  tickets: Pick<TicketService, 'accept' | 'close'>;
  chat: Pick<ChatService, 'history' | 'sendText' | 'sendFile'>;
  storage: FileStorage;
  delivery: Pick<DeliveryService, 'closingWords'>;
}) {
  const { db, clock, live, tickets, chat } = deps;
  const repo = createWordpressRepo(deps.secrets);
  const visitorTickets = createWidgetTickets({ db, closingWords: deps.delivery.closingWords });

  /** The ticket a site token and a visitor's e-mail name, in the caller's company only. */
  async function ticketOf(viewer: Principal, named: { token: string; email: string } | { ticketId: string }) {
    if ('ticketId' in named) return named.ticketId;
    const id = await widgetRepo.ticketIdByEmail(db, viewer.companyId, named.token, named.email);
    if (!id) throw new NotFoundError('Ticket not found');
    return id;
  }

  let sweeper: NodeJS.Timeout | undefined;

  return {
    repo,
    tokens: createWordpressTokens({ db, clock, repo, live }),
    widget: createWidgetService({ ...deps, repo, visitorTickets }),
    sender: createWordpressSender({ db, repo, live, visitorTickets }),
    pluginZip: createPluginZip(),
    /**
     * An erased client's visitors: inside the erasure's transaction their widget sessions (the name and e-mail they
     * gave) are deleted; `ended` drops their open widgets once it has committed.
     */
    visitors: {
      forget: (tx: Tx, companyId: string, identities: string[]) => repo.deleteSessionsOf(tx, companyId, identities),
      ended: (sessionIds: string[]) => sessionIds.forEach((id) => live.endSession(id)),
    },
    /** The widget's live server reads sessions through this (a handshake is no use of the session: nothing slides). */
    lookUpSession: async (id: string) => (await repo.resolveSessions(db, [id], clock.now()))[0],

    agentCalls: {
      async accept(viewer: Principal, named: { token: string; email: string; companyId?: string }) {
        // SPEC's body carries a company id: another company's is simply not this caller's ticket.
        if (named.companyId && named.companyId !== viewer.companyId) throw new NotFoundError('Ticket not found');
        return tickets.accept(viewer, await ticketOf(viewer, named));
      },
      close: async (viewer: Principal, named: { token: string; email: string }) =>
        tickets.close(viewer, await ticketOf(viewer, named)),
      history: async (viewer: Principal, named: { token: string; email: string }, index: number, tz?: string) =>
        chat.history(viewer, await ticketOf(viewer, named), index, tz),
      sendText: async (
        viewer: Principal,
        named: { token: string; email: string } | { ticketId: string },
        content: string,
        idempotencyKey?: string,
      ) => chat.sendText(viewer, await ticketOf(viewer, named), content, idempotencyKey),
      sendFile: async (
        viewer: Principal,
        named: { token: string; email: string },
        file: { bytes: Buffer; name: string },
        idempotencyKey?: string,
      ) => chat.sendFile(viewer, await ticketOf(viewer, named), file, idempotencyKey),
    },

    start() {
      const sweep = () => void repo.deleteExpiredSessions(db, clock.now()).catch(() => undefined);
      sweeper = setInterval(sweep, SESSION_SWEEP_MS);
      sweeper.unref();
    },
    stop() {
      if (sweeper) clearInterval(sweeper);
    },
  };
}
