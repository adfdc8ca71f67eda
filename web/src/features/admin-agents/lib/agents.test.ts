import { describe, expect, it } from 'vitest';
import type { AgentAction } from '@kreechat/contract';
import { ApiError } from '@/lib/api-client';
import { agentName, eraseOffer, failureKind, filterActions, registerFormProblem } from './agents';

const form = {
  email: 'a@b.test',
  pass: 'Sup3r-Secret!',
  confirmPassword: 'Sup3r-Secret!',
  firstName: 'Nia',
  lastName: 'Okafor',
  department: 'd1',
};

describe('the register-agent form', () => {
  it('reports a missing field before a password mismatch', () => {
    expect(registerFormProblem(form)).toBeNull();
    expect(registerFormProblem({ ...form, department: '' })).toBe('missing');
    expect(registerFormProblem({ ...form, firstName: '  ', confirmPassword: 'x' })).toBe('missing');
    expect(registerFormProblem({ ...form, confirmPassword: 'Other-pass1!' })).toBe('mismatch');
  });

  it('tells server messages from missing answers and broken requests', () => {
    expect(failureKind(new ApiError(409, 'x', { message: 'This email is already in use' }))).toEqual({
      server: 'This email is already in use',
    });
    expect(failureKind(new ApiError(400, 'x', { message: ['One', 'Two'] }))).toEqual({ server: 'One\nTwo' });
    expect(failureKind(new ApiError(500, 'x', null))).toBe('unexpected');
    expect(failureKind(new ApiError(0, 'offline'))).toBe('noResponse');
    expect(failureKind(new TypeError('bad'))).toBe('request');
  });
});

describe('the recent actions filter', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const actions: AgentAction[] = (
    ['user_login', 'user_logout', 'ticket_rating', 'ticket_accept', 'ticket_close'] as const
  ).map((action_type) => ({ action_type, action_time: at, ticketid: null, rating: null }));

  it('keeps all, or the actions of one kind', () => {
    expect(filterActions(actions, 'all')).toHaveLength(5);
    expect(filterActions(actions, 'login').map((a) => a.action_type)).toEqual(['user_login']);
    expect(filterActions(actions, 'logout').map((a) => a.action_type)).toEqual(['user_logout']);
    expect(filterActions(actions, 'rating').map((a) => a.action_type)).toEqual(['ticket_rating']);
    expect(filterActions(actions, 'ticket').map((a) => a.action_type)).toEqual(['ticket_accept', 'ticket_close']);
  });
});

describe('erasing a former agent', () => {
  const agent = { userid: 'u1', closed_on: null, erased_on: null, first_name: 'Nia', last_name: 'Okafor' };

  it('is offered on a disabled agent’s profile only: not on one’s own, not before disabling, not twice', () => {
    expect(eraseOffer({ ...agent, closed_on: '2026-01-01T00:00:00.000Z' }, 'me')).toBe('offer');
    expect(eraseOffer(agent, 'me')).toBe('disableFirst');
    expect(eraseOffer({ ...agent, closed_on: '2026-01-01T00:00:00.000Z' }, 'u1')).toBe('none');
    expect(
      eraseOffer({ ...agent, closed_on: '2026-01-01T00:00:00.000Z', erased_on: '2026-02-01T00:00:00.000Z' }, 'me'),
    ).toBe('none');
  });

  it('shows an erased agent as the translated former agent, everyone else by name', () => {
    expect(agentName(agent, 'Former agent')).toBe('Nia Okafor');
    expect(agentName({ ...agent, erased_on: '2026-02-01T00:00:00.000Z' }, 'Voormalige agent')).toBe('Voormalige agent');
  });

  it('lists the erasure under All only', () => {
    const erased: AgentAction = {
      action_type: 'agent_erase',
      action_time: '2026-02-01T00:00:00.000Z',
      ticketid: null,
      rating: null,
    };
    expect(filterActions([erased], 'all')).toEqual([erased]);
    for (const filter of ['login', 'logout', 'rating', 'ticket'] as const)
      expect(filterActions([erased], filter)).toEqual([]);
  });
});
