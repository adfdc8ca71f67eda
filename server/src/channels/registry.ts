/**
 * Outbound by platform: the one place that picks a channel for a delivery job (STYLE: no `platform ===` checks
 * elsewhere). A sender reports the three kinds of failure apart: the remote said no, the remote was not reached,
 * or it asked us to slow down.
 */
import type { Platform } from '@kreechat/contract';
import type { DeliveryJob } from '../modules/tickets';

export type SendResult = { externalId?: string };
export type ChannelSender = (job: DeliveryJob) => Promise<SendResult>;

/** The channel refused for good: retrying would not help (blocked bot, unknown chat, revoked token). */
export class DeliveryRefused extends Error {}
/** The channel asked us to wait. */
export class DeliveryRateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}
/** The channel could not be reached, or failed on its side: worth another try later. */
export class DeliveryUnreachable extends Error {}

export type ChannelRegistry = { senderFor(platform: Platform): ChannelSender | undefined };

export function createChannelRegistry(senders: Partial<Record<Platform, ChannelSender>>): ChannelRegistry {
  return { senderFor: (platform) => senders[platform] };
}
