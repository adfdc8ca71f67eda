import type { Client } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { aClient } from '@/test/fixtures';
import { nextClientsOffset, patchClientPages, patchClientProfile } from './client-cache';

const client = (clientid: string): Client =>
  aClient({ clientid, short_id: clientid.toUpperCase(), client_name: `Client ${clientid}` });
const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => client(`${prefix}${i}`));

describe('nextClientsOffset', () => {
  it('asks 20, 30, … after the first 20 and stops after an empty page', () => {
    const first = { total: 45, clients: many(20, 'a') };
    expect(nextClientsOffset([first])).toBe(20);
    const second = { total: null, clients: many(10, 'b') };
    expect(nextClientsOffset([first, second])).toBe(30);
    expect(nextClientsOffset([first, second, { total: null, clients: many(5, 'c') }])).toBe(35);
    expect(nextClientsOffset([first, second, { total: null, clients: [] }])).toBeUndefined();
    expect(nextClientsOffset([{ total: 0, clients: [] }])).toBeUndefined();
  });
});

describe('patching a client in the caches', () => {
  it('changes only the named client, in every page and in its profile', () => {
    const data = { pages: [{ total: 2, clients: [client('x'), client('y')] }], pageParams: [0] };
    const patched = patchClientPages(data, 'y', { blocked_on: true });
    expect(patched?.pages[0]?.clients.map((c) => c.blocked_on)).toEqual([false, true]);
    expect(data.pages[0]?.clients[1]?.blocked_on).toBe(false);

    const profile = { client: client('y'), client_actions: [] };
    expect(patchClientProfile(profile, 'y', { blocked_on: true })?.client.blocked_on).toBe(true);
    expect(patchClientProfile(profile, 'x', { blocked_on: true })).toBe(profile);
  });
});
