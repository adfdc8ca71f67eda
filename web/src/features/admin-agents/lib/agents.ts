import { type ActionType, type Agent, type AgentAction } from '@kreechat/contract';
import { fullName } from '@/lib/format';
import { errorMessage, isApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';

export type RegisterForm = {
  email: string;
  pass: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  department: string;
};

/** SPEC §5 order: a missing field first, then the password match; the server judges the rest. */
export function registerFormProblem(form: RegisterForm): 'missing' | 'mismatch' | null {
  if (Object.values(form).some((v) => v.trim() === '')) return 'missing';
  if (form.pass !== form.confirmPassword) return 'mismatch';
  return null;
}

/**
 * SPEC §8: which text a failed register call shows: the server's message(s), in the reader's language when coded,
 * or why there is none.
 */
export function failureKind(error: unknown): { server: string } | 'unexpected' | 'noResponse' | 'request' {
  if (!isApiError(error)) return 'request';
  if (error.status === NETWORK_ERROR_STATUS) return 'noResponse';
  const server = errorMessage(error, '');
  return server ? { server } : 'unexpected';
}

export const ACTION_FILTERS = ['all', 'login', 'logout', 'rating', 'ticket'] as const;
export type ActionFilter = (typeof ACTION_FILTERS)[number];

/** The filter an action is listed under besides All; null: under All only. */
const FILTER_OF: Record<ActionType, ActionFilter | null> = {
  user_login: 'login',
  user_logout: 'logout',
  ticket_rating: 'rating',
  ticket_accept: 'ticket',
  ticket_close: 'ticket',
  ticket_reopen: 'ticket',
  ticket_create: 'ticket',
  agent_erase: null,
};

export const filterActions = (actions: AgentAction[], filter: ActionFilter) =>
  filter === 'all' ? actions : actions.filter((a) => FILTER_OF[a.action_type] === filter);

/** An agent's name as the admin screens show it: an erased former agent's is the translated `formerAgent`. */
export const agentName = (agent: Pick<Agent, 'first_name' | 'last_name' | 'erased_on'>, formerAgent: string) =>
  agent.erased_on ? formerAgent : fullName(agent.first_name, agent.last_name);

/**
 * Whether the profile offers "Erase personal data…": never on one's own profile, not twice, and only once the
 * agent is disabled (the server refuses an enabled one, 409); `disableFirst` says why the button waits.
 */
export function eraseOffer(
  agent: Pick<Agent, 'userid' | 'closed_on' | 'erased_on'>,
  ownId: string,
): 'none' | 'disableFirst' | 'offer' {
  if (agent.userid === ownId || agent.erased_on) return 'none';
  return agent.closed_on ? 'offer' : 'disableFirst';
}
