import type { Ticket } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Viewer } from '@/lib/session';
import { applyTicketChange } from '@/features/tickets/lib/ticket-cache';
import { ticketResponseParser } from '@/features/tickets/lib/ticket-response';

export interface ReassignInput {
  ticket: Ticket;
  department: { departmentid: string; department_name: string };
  /** The agent who takes the ticket; none sends it to the department's pending list. */
  agent: { userid: string; name: string } | null;
}

/**
 * POST /api/ticket/reassign-user when an agent is chosen (theirs at once), else POST /api/ticket/change-department
 * (pending in that department). The names travel for the SPEC's payload; the server reads its own.
 */
export function reassignTicket({ ticket, department, agent }: ReassignInput): Promise<{ ticket: Ticket }> {
  const common = {
    ticketid: ticket.ticketid,
    newDepartment: department.departmentid,
    newDepartmentName: department.department_name,
    created_on: ticket.created_on,
  };
  return agent
    ? api.post(
        '/ticket/reassign-user',
        { ...common, newUser: agent.userid, newUserName: agent.name },
        ticketResponseParser,
      )
    : api.post('/ticket/change-department', common, ticketResponseParser);
}

export function useReassignTicket(viewer: Viewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignTicket,
    // The newHandler event does the same; this makes the lists right at once for the agent who acted.
    onSuccess: ({ ticket }) => applyTicketChange(queryClient, ticket, viewer),
  });
}
