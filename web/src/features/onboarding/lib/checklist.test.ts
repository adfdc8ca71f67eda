import type { OnboardingStatus } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { channelSettingsLink, checklistOpen, nextStep, progressOf, testRoutes } from './checklist';

const status = (over: Partial<OnboardingStatus['steps']> = {}, dismissed = false): OnboardingStatus => ({
  channels: [],
  steps: { channel: false, agent: false, hours: false, testMessage: false, ...over },
  dismissed,
});

describe('first-run checklist', () => {
  it('counts the steps done and points at the first one left', () => {
    expect(progressOf(status())).toEqual({ done: 0, total: 4, complete: false });
    expect(nextStep(status())).toBe('channel');
    expect(progressOf(status({ channel: true, hours: true }))).toEqual({ done: 2, total: 4, complete: false });
    expect(nextStep(status({ channel: true, hours: true }))).toBe('agent');
    const all = status({ channel: true, agent: true, hours: true, testMessage: true });
    expect(progressOf(all).complete).toBe(true);
    expect(nextStep(all)).toBeUndefined();
  });

  it('asks for attention until every step is done or the admin puts it away', () => {
    expect(checklistOpen(status())).toBe(true);
    expect(checklistOpen(status({ channel: true, agent: true, hours: true }))).toBe(true);
    expect(checklistOpen(status({}, true))).toBe(false);
    expect(checklistOpen(status({ channel: true, agent: true, hours: true, testMessage: true }))).toBe(false);
  });

  it('offers a test message through each connected channel, with a link a client would use', () => {
    expect(
      testRoutes([
        { platform: 'telegram', connected: true, addresses: ['@fjord_bot'] },
        { platform: 'whatsapp', connected: true, addresses: ['+47 22 00 00 00'] },
        { platform: 'wordpress', connected: true, addresses: ['https://fjord.example'] },
      ]),
    ).toEqual([
      { platform: 'telegram', address: '@fjord_bot', href: 'https://t.me/fjord_bot' },
      { platform: 'whatsapp', address: '+47 22 00 00 00', href: 'https://wa.me/4722000000' },
      { platform: 'wordpress', address: 'https://fjord.example', href: 'https://fjord.example' },
    ]);
    // Nothing connected, nothing to write to; a bot known only by its id has no link.
    expect(testRoutes([{ platform: 'telegram', connected: false, addresses: [] }])).toEqual([]);
    expect(testRoutes([{ platform: 'telegram', connected: true, addresses: ['4242'] }])).toEqual([]);
  });

  it('links each channel to its own Settings card', () => {
    expect(channelSettingsLink('whatsapp')).toBe('/admin-panel/settings?tab=communication&service=whatsapp');
  });
});
