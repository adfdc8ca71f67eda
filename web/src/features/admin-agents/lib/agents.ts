import type { ActionType, AgentAction } from '@kreechat/contract';
import { isApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';

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

/** SPEC §8: which text a failed register call shows: the server's message(s), or why there is none. */
export function failureKind(error: unknown): { server: string } | 'unexpected' | 'noResponse' | 'request' {
  if (!isApiError(error)) return 'request';
  if (error.status === NETWORK_ERROR_STATUS) return 'noResponse';
  return error.serverMessage ? { server: error.serverMessage } : 'unexpected';
}

export const ACTION_FILTERS = ['all', 'login', 'logout', 'rating', 'ticket'] as const;
export type ActionFilter = (typeof ACTION_FILTERS)[number];

const FILTER_OF: Record<ActionType, ActionFilter> = {
  user_login: 'login',
  user_logout: 'logout',
  ticket_rating: 'rating',
  ticket_accept: 'ticket',
  ticket_close: 'ticket',
  ticket_reopen: 'ticket',
  ticket_create: 'ticket',
};

export const filterActions = (actions: AgentAction[], filter: ActionFilter) =>
  filter === 'all' ? actions : actions.filter((a) => FILTER_OF[a.action_type] === filter);
