import { z } from 'zod';

/** The channels a new company can connect from Settings → Communication services, in the order they are offered. */
export const ONBOARDING_CHANNELS = ['telegram', 'whatsapp', 'wordpress'] as const;
export type OnboardingChannel = (typeof ONBOARDING_CHANNELS)[number];

/** One channel as the first-run checklist shows it: connected or not, and where clients reach it. */
export const channelStateSchema = z.object({
  platform: z.enum(ONBOARDING_CHANNELS),
  connected: z.boolean(),
  /** The bot's @username, the WhatsApp numbers as Meta displays them, the WordPress sites' origins. */
  addresses: z.array(z.string()),
});
export type ChannelState = z.infer<typeof channelStateSchema>;

/**
 * GET /api/onboarding (admins): the first-run checklist, each step read from the company's real state. `dismissed`
 * is the caller's own choice (another admin of the company still sees the checklist).
 */
export const onboardingResponseSchema = z.object({
  channels: z.array(channelStateSchema),
  steps: z.object({
    /** Any channel connected. */
    channel: z.boolean(),
    /** The company has a second user. */
    agent: z.boolean(),
    /** Some live department keeps a week schedule (is not open around the clock). */
    hours: z.boolean(),
    /** The company has a ticket, so a message came in. */
    testMessage: z.boolean(),
  }),
  dismissed: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingResponseSchema>;
export type OnboardingStep = keyof OnboardingStatus['steps'];

/** POST /api/onboarding/dismiss: put the checklist away for the caller, or (false) bring it back. */
export const dismissChecklistBodySchema = z.object({ dismissed: z.boolean() });
export type DismissChecklistBody = z.infer<typeof dismissChecklistBodySchema>;
