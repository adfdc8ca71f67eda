import { describe, expect, it } from 'vitest';
import type { Colleague } from '@kreechat/contract';
import { applyPresence, applyPresenceBatch } from './presence';

const colleague = (id: string, firstName: string, status: Colleague['status']): Colleague => ({
  id,
  firstName,
  lastName: 'Agent',
  department: 'General',
  status,
  profile_pic: null,
});

describe('applyPresence', () => {
  const list = [colleague('1', 'Zoe', 'online'), colleague('2', 'Amy', 'offline'), colleague('3', 'Bea', 'offline')];

  it('flips a colleague online and moves them among the online ones, by name', () => {
    const next = applyPresence(list, { userid: '3', status: 'online' });
    expect(next.map((c) => [c.firstName, c.status])).toEqual([
      ['Bea', 'online'],
      ['Zoe', 'online'],
      ['Amy', 'offline'],
    ]);
  });

  it('flips a colleague offline', () => {
    const next = applyPresence(list, { userid: '1', status: 'offline' });
    expect(next.map((c) => c.firstName)).toEqual(['Amy', 'Bea', 'Zoe']);
    expect(next.every((c) => c.status === 'offline')).toBe(true);
  });

  it('keeps the same list for an unknown user or no change', () => {
    expect(applyPresence(list, { userid: 'x', status: 'online' })).toBe(list);
    expect(applyPresence(list, { userid: '1', status: 'online' })).toBe(list);
  });
});

describe('applyPresenceBatch', () => {
  const list = [colleague('1', 'Zoe', 'online'), colleague('2', 'Amy', 'offline'), colleague('3', 'Bea', 'offline')];

  it('applies every flip of a batch and sorts once', () => {
    const next = applyPresenceBatch(list, { online: ['2', '3', 'unknown'], offline: ['1'] });
    expect(next.map((c) => [c.firstName, c.status])).toEqual([
      ['Amy', 'online'],
      ['Bea', 'online'],
      ['Zoe', 'offline'],
    ]);
  });

  it('keeps the same list when nothing changes', () => {
    expect(applyPresenceBatch(list, { online: ['1'], offline: ['2'] })).toBe(list);
  });
});
