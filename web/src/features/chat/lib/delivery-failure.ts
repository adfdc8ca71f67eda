import type { Message } from '@kreechat/contract';
import type { TFunction } from 'i18next';

/**
 * Why a message was not delivered, in the reader's language: the server sends a code (DELIVERY_FAILURE_CODES),
 * translated here; the remote's own words, in its language, are kept apart as `detail`. A reason stored before
 * codes is free text and is shown as it was written.
 */
export function deliveryFailure(
  t: TFunction,
  message: Pick<Message, 'delivery_failure' | 'delivery_error'>,
): { reason: string; detail: string | null } {
  if (message.delivery_failure) {
    return { reason: t(`deliveryFailures.${message.delivery_failure}`), detail: message.delivery_error };
  }
  return { reason: message.delivery_error ?? t('chat.unknownError'), detail: null };
}
