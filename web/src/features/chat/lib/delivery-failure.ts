import {
  CLIENT_UNREACHABLE,
  NOT_TICKET_HANDLER,
  TEMPLATE_NOT_APPROVED,
  TICKET_CLOSED,
  WHATSAPP_NUMBER_GONE,
  type Message,
} from '@kreechat/contract';
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

/** The server's refusals of a send that the reader's language has words for, by the contract's message. */
const REFUSALS: Record<string, (t: TFunction) => string> = {
  [TICKET_CLOSED]: (t) => t('chat.refused.ticketClosed'),
  [NOT_TICKET_HANDLER]: (t) => t('chat.refused.notHandler'),
  [CLIENT_UNREACHABLE]: (t) => t('deliveryFailures.clientUnreachable'),
  [WHATSAPP_NUMBER_GONE]: (t) => t('deliveryFailures.channelDisconnected'),
  [TEMPLATE_NOT_APPROVED]: (t) => t('deliveryFailures.templateRejected'),
};

/**
 * Why a send was refused before it was queued (one's own text, a WhatsApp template), in the reader's language: a
 * refusal the contract names, translated; another server message as written.
 */
export function refusalText(t: TFunction, serverMessage: string): string {
  return REFUSALS[serverMessage]?.(t) ?? serverMessage;
}
