import {
  AGENT_ALREADY_HANDLES,
  AGENT_NOT_ASSIGNABLE,
  type AssignableAgent,
  NOT_TICKET_HANDLER,
  PRIVACY_MESSAGES,
  TICKET_ALREADY_ACCEPTED,
  TICKET_CLOSED,
  TICKET_NOT_CLOSED,
  type Message,
  type Platform,
  type Ticket,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import type { ActionService } from '../actions';
import type { ClientService } from '../clients';
import { DEPARTMENT_NOT_FOUND } from '../departments';
import {
  audienceOf,
  canHandle,
  reopenClosedTicket,
  ticketRepo,
  type ReopenMessageValues,
  type TicketRow,
} from '../tickets';
import { assignmentRepo } from './assignment.repo';

/** The close note's text; an erased agent's notes are rewritten with the name they have since ("Former agent"). */
export const closedByText = (firstName: string, lastName: string) => `Ticket closed by ${firstName} ${lastName}`.trim();

/**
 * What closing a ticket needs of the messages and delivery modules. Narrow and structural, so tickets imports
 * neither (both build on tickets); app.ts hands in the messages repo and the delivery service.
 */
export type CloseMessages = {
  insert(
    tx: Tx,
    values:
      | {
          companyId: string;
          ticketId: string;
          clientId: string;
          type: 'close';
          content: string;
          isAgent: true;
          createdById: string;
          deliveryStatus: 'pending' | 'sent';
          createdAt: Date;
        }
      | ReopenMessageValues,
  ): Promise<{ id: string }>;
  view(db: Db, companyId: string, messageId: string): Promise<Message | undefined>;
};
export type CloseOutbox = {
  enqueueMessage(
    tx: Tx,
    job: { companyId: string; platform: Platform; channelRef: string; recipient: string; messageId: string },
  ): Promise<void>;
  enqueued(): void;
};

export type TicketAssignment = ReturnType<typeof createTicketAssignment>;

/** What the ticket service is built from (app.ts hands it in); the assignment calls also take the lists' reads. */
export type TicketDeps = {
  db: Db;
  clock: Clock;
  events: EventPublisher;
  actions: ActionService;
  clients: ClientService;
  messages: CloseMessages;
  delivery: CloseOutbox;
};

/**
 * Who works on a ticket, as agents decide it (SPEC §4): accept, close, reopen, reassign, and who could take it.
 * Each in one transaction with the ticket row locked; events after the commit. `visibleRow` and `view` are the
 * ticket lists' (the ticket as the viewer may see it, and as the card shows it), handed in by them.
 */
export function createTicketAssignment(
  deps: TicketDeps & {
    visibleRow(viewer: Principal, ticketId: string, tx?: Tx, lock?: boolean): Promise<TicketRow>;
    view(companyId: string, ticketId: string): Promise<Ticket>;
  },
) {
  const { db, clock, events, actions, clients, messages, delivery, visibleRow, view } = deps;

  return {
    async accept(viewer: Principal, ticketId: string): Promise<Ticket> {
      await db.transaction(async (tx) => {
        const ticket = await visibleRow(viewer, ticketId, tx, true);
        if (ticket.stage === 'closed') throw new ConflictError(TICKET_CLOSED);
        const now = clock.now();
        const accepted = await ticketRepo.acceptIfPending(tx, viewer.companyId, ticketId, viewer.userId, now);
        if (!accepted) throw new ConflictError(TICKET_ALREADY_ACCEPTED);
        await actions.record(
          {
            companyId: viewer.companyId,
            userId: viewer.userId,
            ticketId,
            clientId: ticket.clientId,
            actionType: 'ticket_accept',
          },
          tx,
        );
      });
      const ticket = await view(viewer.companyId, ticketId);
      events.toTicket(audienceOf(ticket), 'acceptTicket', { ticket });
      return ticket;
    },

    /**
     * Closes an open ticket: its handler, or an admin or moderator, may. Adds a 'close' message that the channel
     * delivers as the closing text with the rating buttons.
     */
    async close(viewer: Principal, ticketId: string): Promise<Ticket> {
      const messageId = await db.transaction(async (tx) => {
        const ticket = await visibleRow(viewer, ticketId, tx, true);
        if (ticket.stage === 'closed') throw new ConflictError(TICKET_CLOSED);
        if (!canHandle(viewer, ticket)) throw new ForbiddenError(NOT_TICKET_HANDLER);
        const now = clock.now();
        await ticketRepo.update(tx, viewer.companyId, ticketId, {
          stage: 'closed',
          closedAt: now,
          closedById: viewer.userId,
          updatedAt: now,
          // A closed ticket keeps nobody waiting; a client's next message reopens it and starts the wait again.
          awaitingSince: null,
        });
        const recipient = await clients.identity(ticket.clientId, ticket.platform, tx);
        const message = await messages.insert(tx, {
          companyId: viewer.companyId,
          ticketId,
          clientId: ticket.clientId,
          type: 'close',
          content: closedByText(viewer.firstName, viewer.lastName),
          isAgent: true,
          createdById: viewer.userId,
          deliveryStatus: recipient && ticket.channelRef ? 'pending' : 'sent',
          createdAt: now,
        });
        if (recipient && ticket.channelRef) {
          await delivery.enqueueMessage(tx, {
            companyId: viewer.companyId,
            platform: ticket.platform,
            channelRef: ticket.channelRef,
            recipient,
            messageId: message.id,
          });
        }
        await actions.record(
          {
            companyId: viewer.companyId,
            userId: viewer.userId,
            ticketId,
            clientId: ticket.clientId,
            actionType: 'ticket_close',
          },
          tx,
        );
        return message.id;
      });
      delivery.enqueued();
      const ticket = await view(viewer.companyId, ticketId);
      events.toTicket(audienceOf(ticket), 'closeTicket', { ticket });
      const message = await messages.view(db, viewer.companyId, messageId);
      if (message) events.toTicket(audienceOf(ticket), 'newMessage', { message });
      return ticket;
    },

    /**
     * Reopens a closed ticket from the workspace (SPEC §4 "Closed tickets can be reopened"): whoever may close it
     * (its handler, an admin or moderator) may reopen it. The same path as a client writing into a closed ticket,
     * so it goes back to pending, not to its former handler: the department sees it again, and the handler
     * accepts it in one step if they still want it. The same events as a client's reopen follow the commit.
     */
    async reopen(viewer: Principal, ticketId: string): Promise<Ticket> {
      const messageId = await db.transaction(async (tx) => {
        const ticket = await visibleRow(viewer, ticketId, tx, true);
        if (ticket.stage !== 'closed') throw new ConflictError(TICKET_NOT_CLOSED);
        if (!canHandle(viewer, ticket)) throw new ForbiddenError(NOT_TICKET_HANDLER);
        // An erased client's conversation is over: reopened, it would be an empty chat with nobody to answer.
        if (await clients.isErased(viewer.companyId, ticket.clientId, tx)) {
          throw new ConflictError(PRIVACY_MESSAGES.erasedNoReopen);
        }
        const { message } = await reopenClosedTicket(tx, { actions, insertMessage: messages.insert }, ticket, {
          now: clock.now(),
          userId: viewer.userId,
        });
        return message.id;
      });
      const ticket = await view(viewer.companyId, ticketId);
      events.toTicket(audienceOf(ticket), 'newTicket', { ticket, reopenTicket: true });
      const message = await messages.view(db, viewer.companyId, messageId);
      if (message) events.toTicket(audienceOf(ticket), 'newMessage', { message });
      return ticket;
    },

    /** Who could take a ticket the viewer sees: enabled agents of live departments (of one), its handler excepted. */
    async assignableAgents(viewer: Principal, ticketId: string, departmentId?: string): Promise<AssignableAgent[]> {
      const ticket = await visibleRow(viewer, ticketId);
      return assignmentRepo.assignableAgents(db, viewer.companyId, departmentId ?? null, ticket.handlerId);
    },

    /**
     * Moves an open ticket to a department (SPEC §7 reassign-user, change-department): with an agent of that
     * department it is theirs at once (accepted); without one it waits there as pending for anyone to accept.
     * Its handler may do it while it is open, admins and moderators for any open ticket. After commit, `newHandler`
     * reaches the new audience and the department it left, so both sides' lists follow live.
     */
    async reassign(
      viewer: Principal,
      ticketId: string,
      target: { departmentId: string; userId: string | null },
    ): Promise<Ticket> {
      const previousDepartmentId = await db.transaction(async (tx) => {
        const ticket = await visibleRow(viewer, ticketId, tx, true);
        if (ticket.stage === 'closed') throw new ConflictError(TICKET_CLOSED);
        if (!canHandle(viewer, ticket)) throw new ForbiddenError(NOT_TICKET_HANDLER);
        const department = await assignmentRepo.lockLiveDepartment(tx, viewer.companyId, target.departmentId);
        if (!department) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
        const now = clock.now();
        if (target.userId) {
          const agent = await assignmentRepo.assignable(tx, viewer.companyId, target.userId);
          if (!agent || agent.departmentId !== department.id) throw new ValidationError(AGENT_NOT_ASSIGNABLE);
          if (ticket.handlerId === agent.id && ticket.departmentId === department.id) {
            throw new ValidationError(AGENT_ALREADY_HANDLES);
          }
          await ticketRepo.update(tx, viewer.companyId, ticketId, {
            departmentId: department.id,
            handlerId: agent.id,
            stage: 'accepted',
            acceptedAt: now,
            updatedAt: now,
          });
        } else {
          await ticketRepo.update(tx, viewer.companyId, ticketId, {
            departmentId: department.id,
            handlerId: null,
            stage: 'pending',
            acceptedAt: null,
            updatedAt: now,
          });
        }
        return ticket.departmentId;
      });
      const ticket = await view(viewer.companyId, ticketId);
      events.toTicket({ ...audienceOf(ticket), previousDepartmentId }, 'newHandler', { ticket, previousDepartmentId });
      return ticket;
    },
  };
}
