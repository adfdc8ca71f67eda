import { describe, expect, it } from 'vitest';
import { CLIENT_ACCOUNT_NUMBER_MAX, type Ticket } from '@kreechat/contract';
import { canEditClientNumber, clientNumberProblem } from './client-number';

const ticket = (userid: string | null, stage: Ticket['stage'] = 'accepted') => ({ userid, stage }) as Ticket;

describe('canEditClientNumber', () => {
  it('lets the handler and the all-department viewers edit, nobody else', () => {
    const agent = { id: 'u1', canSeeAll: false };
    const admin = { id: 'u9', canSeeAll: true };
    expect(canEditClientNumber(ticket('u1'), agent)).toBe(true);
    expect(canEditClientNumber(ticket('u1', 'closed'), agent)).toBe(true);
    expect(canEditClientNumber(ticket('u2'), agent)).toBe(false);
    expect(canEditClientNumber(ticket(null, 'pending'), agent)).toBe(false);
    expect(canEditClientNumber(ticket(null, 'pending'), admin)).toBe(true);
    expect(canEditClientNumber(ticket('u2', 'closed'), admin)).toBe(true);
  });
});

describe('clientNumberProblem', () => {
  it('asks for some text and at most the contract’s length, counted after trimming', () => {
    expect(clientNumberProblem('')).toBe('required');
    expect(clientNumberProblem('   ')).toBe('required');
    expect(clientNumberProblem(' PT-0042 ')).toBeNull();
    expect(clientNumberProblem(` ${'9'.repeat(CLIENT_ACCOUNT_NUMBER_MAX)} `)).toBeNull();
    expect(clientNumberProblem('9'.repeat(CLIENT_ACCOUNT_NUMBER_MAX + 1))).toBe('tooLong');
  });
});
