import type {
  ChannelState,
  OnboardingChannel,
  TelegramTokenStatus,
  WhatsAppSetupInfo,
  WordpressToken,
} from '@kreechat/contract';

/**
 * Each service card's state from the calls its own settings already make: the bot and its @username, the connected
 * WhatsApp numbers (Meta's display number, else the number's id), the sites that have a plugin token. Undefined
 * while its call has not answered, so a card never says "Not connected" before it knows.
 */
export function channelStates(answers: {
  telegram: TelegramTokenStatus | undefined;
  whatsapp: WhatsAppSetupInfo | undefined;
  wordpress: WordpressToken[] | undefined;
}): Record<OnboardingChannel, Omit<ChannelState, 'platform'> | undefined> {
  const { telegram, whatsapp, wordpress } = answers;
  return {
    telegram: telegram && {
      connected: telegram.tokenStatus,
      addresses: telegram.tokenStatus && telegram.username ? [`@${telegram.username}`] : [],
    },
    whatsapp: whatsapp && connected(whatsapp.numbers.map((n) => n.displayPhoneNumber ?? n.phoneNumberId)),
    wordpress: wordpress && connected([...new Set(wordpress.map((token) => token.site_origin))]),
  };
}

const connected = (addresses: string[]) => ({ connected: addresses.length > 0, addresses });
