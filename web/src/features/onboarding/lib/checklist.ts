import type { ChannelState, OnboardingChannel, OnboardingStatus, OnboardingStep } from '@kreechat/contract';

/** The steps in the order a new company takes them. */
export const STEPS: readonly OnboardingStep[] = ['channel', 'agent', 'hours', 'testMessage'];

/** Where each step is done. */
export const STEP_LINKS: Record<Exclude<OnboardingStep, 'testMessage'>, string> = {
  channel: '/admin-panel/settings?tab=communication',
  agent: '/admin-panel/agents',
  hours: '/admin-panel/settings?tab=opening-hours',
};

export const GET_STARTED_PATH = '/admin-panel/get-started';

/** Settings → Communication services, opened on this channel. */
export const channelSettingsLink = (platform: OnboardingChannel) => `${STEP_LINKS.channel}&service=${platform}`;

export function progressOf(status: OnboardingStatus) {
  const done = STEPS.filter((step) => status.steps[step]).length;
  return { done, total: STEPS.length, complete: done === STEPS.length };
}

/**
 * Whether the checklist still asks for attention (the workspace's card, the admin panel opening on it): until
 * every step is done or the admin put it away. The admin panel's Get started page shows it either way.
 */
export const checklistOpen = (status: OnboardingStatus) => !status.dismissed && !progressOf(status).complete;

/** The first step not done yet: the one the checklist points at. */
export const nextStep = (status: OnboardingStatus): OnboardingStep | undefined =>
  STEPS.find((step) => !status.steps[step]);

/** A way for the admin to write to their own company as a client would, through a connected channel. */
export type TestRoute = { platform: OnboardingChannel; address: string; href: string };

/**
 * Where the admin can send themselves a test message: the bot's t.me link, the WhatsApp number's wa.me link, the
 * site with the widget. None while nothing is connected.
 */
export function testRoutes(channels: readonly ChannelState[]): TestRoute[] {
  return channels.flatMap(({ platform, connected, addresses }) =>
    connected ? addresses.flatMap((address) => route(platform, address)) : [],
  );
}

function route(platform: OnboardingChannel, address: string): TestRoute[] {
  switch (platform) {
    case 'telegram':
      // A bot without a kept @username is named by its numeric id, which has no link.
      return address.startsWith('@') ? [{ platform, address, href: `https://t.me/${address.slice(1)}` }] : [];
    case 'whatsapp': {
      const digits = address.replace(/\D/g, '');
      return digits ? [{ platform, address, href: `https://wa.me/${digits}` }] : [];
    }
    case 'wordpress':
      return [{ platform, address, href: address }];
  }
}
