/**
 * Outbound by platform: the one place that picks a channel for a delivery job (STYLE: no `platform ===` checks
 * elsewhere). Each channel sends, and says what its own API's errors mean, keeping the three kinds of failure
 * apart: the remote said no, the remote asked us to wait, the remote was not reached.
 */
import type { DeliveryFailureCode, Platform } from '@kreechat/contract';
import type { DeliveryJob, SendProblem } from '../modules/delivery';

export type SendResult = { externalId?: string };

/**
 * What a failed send means, decided by the channel that knows its API; each with the code the message shows if it
 * fails for good (a retry's when the tries run out), the remote's words as `detail`, and the full `reason` to log.
 */
export type SendFailure =
  /** The channel asked us to wait this long (a rate limit): not counted as an attempt. */
  | ({ kind: 'retryAfter'; afterMs: number } & SendProblem)
  /** The channel could not be reached, or failed on its side: another try later, with backoff. */
  | ({ kind: 'retry' } & SendProblem)
  /** Refused for good (blocked bot, unknown chat, revoked token): the code is shown on the message. */
  | ({ kind: 'failed' } & SendProblem);

export type ChannelSender = {
  send(job: DeliveryJob): Promise<SendResult>;
  /** What an error thrown by `send` means; undefined for one it does not know (our own crash). */
  classify(error: unknown): SendFailure | undefined;
};

/** A refusal a channel decides on itself, before calling its API (the account is gone, its token lost). */
export class DeliveryRefused extends Error {
  constructor(
    readonly code: DeliveryFailureCode,
    message: string,
  ) {
    super(message);
  }
}

export type ChannelRegistry = { senderFor(platform: Platform): ChannelSender | undefined };

export function createChannelRegistry(senders: Partial<Record<Platform, ChannelSender>>): ChannelRegistry {
  return { senderFor: (platform) => senders[platform] };
}
