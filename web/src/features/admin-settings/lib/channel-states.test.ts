import type { WhatsAppSetupInfo, WordpressToken } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { channelStates } from './channel-states';

const setup = (numbers: WhatsAppSetupInfo['numbers']): WhatsAppSetupInfo => ({
  embeddedSignup: { available: false, missing: [] },
  webhookReady: true,
  callbackUrl: null,
  numbers,
});

const token = (site_origin: string): WordpressToken => ({
  token_name: 'Shop',
  token_id: 'wpt_x',
  created_by_name: null,
  created_at: '2026-03-01T10:00:00Z',
  site_origin,
  last_seen_at: null,
  active_sessions: 0,
});

describe('service cards’ channel states', () => {
  it('says what is connected and where clients reach it', () => {
    expect(
      channelStates({
        telegram: { tokenStatus: true, username: 'fjord_bot' },
        whatsapp: setup([
          { phoneNumberId: '1', wabaId: 'w', displayPhoneNumber: '+47 22 00 00 00', verifiedName: 'Fjord' },
          { phoneNumberId: '2', wabaId: 'w', displayPhoneNumber: null, verifiedName: null },
        ]),
        wordpress: [token('https://fjord.example'), token('https://fjord.example'), token('https://shop.example')],
      }),
    ).toEqual({
      telegram: { connected: true, addresses: ['@fjord_bot'] },
      whatsapp: { connected: true, addresses: ['+47 22 00 00 00', '2'] },
      wordpress: { connected: true, addresses: ['https://fjord.example', 'https://shop.example'] },
    });
  });

  it('says "not connected" only once its call answered', () => {
    expect(
      channelStates({ telegram: { tokenStatus: false, username: null }, whatsapp: setup([]), wordpress: undefined }),
    ).toEqual({
      telegram: { connected: false, addresses: [] },
      whatsapp: { connected: false, addresses: [] },
      wordpress: undefined,
    });
  });
});
