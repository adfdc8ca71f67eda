import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  classifyGraphError,
  graphDetail,
  graphErrorOf,
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  type WhatsAppEvent,
} from './whatsapp.parse';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const raw = (name: string) => readFileSync(`${fixturesDir}${name}.json`);
const fixture = (name: string): unknown => JSON.parse(raw(name).toString('utf8'));

/** Every fixture's timestamps fall on 2026-01-01 (UTC). */
const at = (time: string) => new Date(`2026-01-01T${time}Z`);

const WABA = '30000001';
const NUMBER = { wabaId: WABA, phoneNumberId: '20000002' };
const ANA = { waId: '5511999990000', name: 'Ana', language: null };

/** Our own outbound messages, as the fixtures quote them. */
const OUT1 = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYFjNFQjA5QkRBQjM2QUJENDAwMkE1QkEA';
const OUT2 = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYFjNFQjA5M0MzQkJFRkZCQTlGODEyQjQA';
const OUT3 = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYFjNFQjBGQjM2OTRBN0IyRUI0MzlGQTkA';
const OUT4 = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYFjNFQjAyOUI0QjI5RTQwRTlGRDIwMEYA';
const OUT5 = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYFjNFQjBDRjFCRDg4MTg2OEE5MjZDQzMA';
const OUT6 = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABEYFjNFQjBEMTgyNDMxMDhFMDVFMTJEQUQA';

/** What each fixture must parse to, exactly. */
const expected: Record<string, WhatsAppEvent[]> = {
  text: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjAxQ0IyNTFFQzBENTY4REU2QTkA',
      date: at('00:00:00'),
      replyTo: null,
      content: { type: 'text', text: 'Hello! My order #1182 has not arrived yet, it was due on Monday' },
    },
  ],
  image: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA3ODgwNUEyMjFBOTg4RTc5RUYA',
      date: at('00:01:00'),
      replyTo: null,
      content: {
        type: 'image',
        caption: 'broken screen',
        file: { mediaId: '1093884412290031', mimeType: 'image/jpeg', name: 'image-1093884412290031.jpg', size: null },
      },
    },
  ],
  document: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA4M0U0QjE3ODkzMDZEM0QxQzkA',
      date: at('00:02:00'),
      replyTo: null,
      content: {
        type: 'document',
        caption: 'Here is the invoice',
        file: { mediaId: '1187503362741925', mimeType: 'application/pdf', name: 'invoice-1182.pdf', size: null },
      },
    },
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjAyNzE1NTlFQzI1MjY4QkI5QkIA',
      date: at('00:02:01'),
      replyTo: null,
      content: {
        type: 'document',
        caption: null,
        file: {
          mediaId: '902114763385207',
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          name: 'document-902114763385207.docx',
          size: null,
        },
      },
    },
  ],
  audio: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBBNUNBMEI1ODk0MzI0RjhCQjUA',
      date: at('00:03:00'),
      replyTo: null,
      content: {
        type: 'audio',
        caption: null,
        file: { mediaId: '1429931878205541', mimeType: 'audio/mpeg', name: 'audio-1429931878205541.mp3', size: null },
      },
    },
  ],
  voice: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBCOTU2NzcyMTZFNDM5RDk2RUMA',
      date: at('00:04:00'),
      replyTo: null,
      content: {
        type: 'audio',
        caption: null,
        file: {
          mediaId: '1662019517936480',
          mimeType: 'audio/ogg; codecs=opus',
          name: 'voice-1662019517936480.ogg',
          size: null,
        },
      },
    },
  ],
  video: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA0MjFCNDdGRkQ5NDZDQTA4M0IA',
      date: at('00:05:00'),
      replyTo: null,
      content: {
        type: 'video',
        caption: 'It makes this noise',
        file: { mediaId: '2291150934671322', mimeType: 'video/mp4', name: 'video-2291150934671322.mp4', size: null },
      },
    },
  ],
  sticker: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA5MTczRjdENzQ0NEQzMTYxQzQA',
      date: at('00:06:00'),
      replyTo: null,
      content: {
        type: 'image',
        caption: null,
        file: {
          mediaId: '1350871429866312',
          mimeType: 'image/webp',
          name: 'sticker-1350871429866312.webp',
          size: null,
        },
      },
    },
  ],
  location: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBERjM4RkNFMDZGRjRCODRBNjMA',
      date: at('00:07:00'),
      replyTo: null,
      content: {
        type: 'location',
        latitude: -23.561414,
        longitude: -46.655881,
        name: 'MASP',
        address: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
      },
    },
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBGOTZDNUUxOUFGNjhFNjZGNzIA',
      date: at('00:07:05'),
      replyTo: null,
      content: { type: 'location', latitude: -23.5505199, longitude: -46.6333094, name: null, address: null },
    },
  ],
  contacts: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA0MTM2QTkzMkVCNzcyNEEwMEMA',
      date: at('00:08:00'),
      replyTo: null,
      content: {
        type: 'text',
        text: '[Contact: Ivan Petrov +7 912 345-67-89, +7 495 000-00-00]\n[Contact: Lee +447700900123]',
      },
    },
  ],
  'reply-context': [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBFODRBRkFBQjgzRUNCMzAxQjMA',
      date: at('00:09:00'),
      replyTo: OUT1,
      content: { type: 'text', text: 'Yes, the one from Monday' },
    },
  ],
  'interactive-button-reply': [
    {
      kind: 'choice',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBENEY1QzJDOTQ4ODFCOERCMjcA',
      date: at('00:10:00'),
      replyTo: OUT2,
      id: 'dept:5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      title: 'Billing',
    },
  ],
  'interactive-list-reply': [
    {
      kind: 'choice',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjAxMEFFOUZDN0Q0NTNCMERENTIA',
      date: at('00:11:00'),
      replyTo: OUT3,
      id: 'rate:0c9e8d7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f:3',
      title: 'Great',
    },
  ],
  'template-button': [
    {
      kind: 'choice',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjAyQjk4ODQzMDJBQUFFMTJFRDgA',
      date: at('00:12:00'),
      replyTo: OUT4,
      id: 'reopen_ticket',
      title: 'Reopen ticket',
    },
  ],
  reactions: [
    {
      kind: 'reaction',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA3QzkyQ0YxRUVFOEQ5OUNDODUA',
      date: at('00:13:00'),
      targetWamid: OUT1,
      emoji: '👍',
    },
    // Removed: no `emoji` at all (§2.13) …
    {
      kind: 'reaction',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBEMjc5MTg2NDI4QTc1MDE2QjEA',
      date: at('00:13:10'),
      targetWamid: OUT1,
      emoji: null,
    },
    // … or an empty one (§2.2).
    {
      kind: 'reaction',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA5RDNFNjIyREY5MTREOERFN0YA',
      date: at('00:13:20'),
      targetWamid: OUT2,
      emoji: null,
    },
  ],
  // In the order received: putting them in order (sent → delivered → read) is the receiver's job (§2.12).
  'statuses-out-of-order': [
    { kind: 'status', ...NUMBER, wamid: OUT5, recipientWaId: ANA.waId, status: 'read', at: at('00:15:00'), errors: [] },
    { kind: 'status', ...NUMBER, wamid: OUT5, recipientWaId: ANA.waId, status: 'sent', at: at('00:14:20'), errors: [] },
    {
      kind: 'status',
      ...NUMBER,
      wamid: OUT5,
      recipientWaId: ANA.waId,
      status: 'delivered',
      at: at('00:14:30'),
      errors: [],
    },
  ],
  'status-failed': [
    {
      kind: 'status',
      ...NUMBER,
      wamid: 'wamid.OUT7',
      recipientWaId: ANA.waId,
      status: 'failed',
      at: at('01:00:00'),
      errors: [
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          details: 'Outside 24h window',
        },
      ],
    },
    {
      kind: 'status',
      ...NUMBER,
      wamid: OUT6,
      recipientWaId: ANA.waId,
      status: 'failed',
      at: at('01:01:00'),
      errors: [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          details: 'Message Undeliverable.',
        },
        { code: 131053, title: 'Media upload error' },
      ],
    },
  ],
  'template-status': [
    {
      kind: 'templateStatus',
      wabaId: WABA,
      templateId: '1689556908129832',
      name: 'ticket_update',
      language: 'pt_BR',
      status: 'APPROVED',
      reason: null,
    },
    {
      kind: 'templateStatus',
      wabaId: WABA,
      templateId: '1689556908129833',
      name: 'rate_us',
      language: 'en_US',
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
    },
  ],
  unsupported: [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA0QURBRjI0QzM2MDU1MjFERUIA',
      date: at('00:18:20'),
      replyTo: null,
      content: { type: 'text', text: '[Unsupported message]' },
    },
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA3MEExN0ZGQTcyMkEzOTg1QjgA',
      date: at('00:18:30'),
      replyTo: null,
      content: { type: 'text', text: '[Unsupported message: order]' },
    },
    // An interactive answer that is neither a button nor a list row (a Flow's form) is kept as a message.
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBFODU1NDJDOUU3MzFGQkZGNkUA',
      date: at('00:18:40'),
      replyTo: null,
      content: { type: 'text', text: '[Unsupported message: interactive]' },
    },
  ],
  'batch-multi': [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBFREJBQjQ1NTcyQzcyQTVEOTQA',
      date: at('00:20:00'),
      replyTo: null,
      content: { type: 'text', text: 'Any news?' },
    },
    {
      kind: 'message',
      wabaId: WABA,
      phoneNumberId: '20000003',
      sender: { waId: '79123456789', name: 'Ivan Petrov', language: null },
      wamid: 'wamid.HBgLNzkxMjM0NTY3ODkVAgASGBYzRUIwMkM0MkU1Q0YxQ0RCQUZFQTA0AA==',
      date: at('00:20:05'),
      replyTo: null,
      content: {
        type: 'image',
        caption: null,
        file: { mediaId: '771093345518824', mimeType: 'image/png', name: 'image-771093345518824.png', size: null },
      },
    },
    {
      kind: 'status',
      wabaId: '30000004',
      phoneNumberId: '20000005',
      wamid: 'wamid.HBgMNDQ3NzAwOTAwMTIzFQIAERgWM0VCMEFDQzQyNzA0NzUwRjNGQTcwMwA=',
      recipientWaId: '447700900123',
      status: 'delivered',
      at: at('00:20:10'),
      errors: [],
    },
    // No `contacts` in the value: the name falls back to the number.
    {
      kind: 'message',
      wabaId: '30000004',
      phoneNumberId: '20000005',
      sender: { waId: '447700900123', name: 'WhatsApp +447700900123', language: null },
      wamid: 'wamid.HBgMNDQ3NzAwOTAwMTIzFQIAEhgWM0VCMEIwRjhCNDlGMjJDNzE4RTk5MgA=',
      date: at('00:20:15'),
      replyTo: null,
      content: { type: 'text', text: 'Thanks, got it' },
    },
  ],
  'malformed-batch': [
    {
      kind: 'message',
      ...NUMBER,
      sender: ANA,
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBBRTdCRTI2Q0RBQTc0MkNBMTQA',
      date: at('00:21:40'),
      replyTo: null,
      content: { type: 'text', text: 'Still here' },
    },
    { kind: 'skip', wabaId: null, phoneNumberId: null, reason: 'malformed entry at index 1' },
    { kind: 'skip', wabaId: null, phoneNumberId: null, reason: 'malformed entry at index 2' },
    { kind: 'skip', wabaId: WABA, phoneNumberId: null, reason: 'malformed change at index 0' },
    { kind: 'skip', wabaId: WABA, phoneNumberId: null, reason: 'malformed change at index 1' },
    { kind: 'skip', wabaId: WABA, phoneNumberId: null, reason: 'field not used: account_update' },
    {
      kind: 'skip',
      wabaId: WABA,
      phoneNumberId: null,
      reason: 'malformed messages value (no metadata.phone_number_id?)',
    },
    { kind: 'skip', ...NUMBER, reason: 'errors only: (#131000) Unable to process the webhook' },
    { kind: 'skip', ...NUMBER, reason: 'malformed message at index 0' },
    {
      kind: 'skip',
      ...NUMBER,
      reason: 'system message wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjAzNkJDQkI4MDFGNTA1MjczOUEA',
    },
    { kind: 'skip', ...NUMBER, reason: 'malformed message at index 2' },
    {
      kind: 'skip',
      ...NUMBER,
      reason: 'malformed reaction wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjA0NjlDRDY2ODA1MkNBQkY0NjEA',
    },
    // A known type whose payload cannot be read is still the client's message: kept as a placeholder.
    {
      kind: 'message',
      ...NUMBER,
      sender: { waId: ANA.waId, name: 'WhatsApp +5511999990000', language: null },
      wamid: 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBBN0ZBMDY1NDNDMTMyMTM1NTAA',
      date: at('00:21:45'),
      replyTo: null,
      content: { type: 'text', text: '[Unsupported message: text]' },
    },
    { kind: 'skip', ...NUMBER, reason: 'malformed status at index 0' },
    { kind: 'skip', ...NUMBER, reason: `status not used: deleted for ${OUT1}` },
    { kind: 'skip', wabaId: WABA, phoneNumberId: null, reason: 'malformed template status update' },
  ],
};

describe('parseWhatsAppWebhook', () => {
  it('has an expected output for every fixture', () => {
    const files = readdirSync(fixturesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(expected))('parses %s', (name) => {
    expect(parseWhatsAppWebhook(fixture(name))).toStrictEqual(expected[name]);
  });

  it('matches a contact by wa_id, not by position', () => {
    const body = fixture('text') as any;
    const value = body.entry[0].changes[0].value;
    value.contacts = [
      { profile: { name: 'Someone else' }, wa_id: '447700900123' },
      { profile: { name: 'Ana Souza' }, wa_id: '5511999990000' },
    ];
    const [event] = parseWhatsAppWebhook(body);
    expect(event).toMatchObject({ kind: 'message', sender: { waId: '5511999990000', name: 'Ana Souza' } });
  });

  it('names media from its mime type, with a fallback when there is none', () => {
    const body = fixture('document') as any;
    const [, second] = body.entry[0].changes[0].value.messages;
    second.document.mime_type = 'application/x-something-long';
    const [, unknownType] = parseWhatsAppWebhook(body);
    expect(unknownType).toMatchObject({ content: { file: { name: 'document-902114763385207.bin' } } });
    delete second.document.mime_type;
    const [, noType] = parseWhatsAppWebhook(body);
    expect(noType).toMatchObject({ content: { file: { name: 'document-902114763385207.bin', mimeType: null } } });
  });

  it('never throws, whatever the body', () => {
    const notWhatsApp = [
      { kind: 'skip', wabaId: null, phoneNumberId: null, reason: 'not a WhatsApp Business Account webhook' },
    ];
    for (const body of [
      null,
      undefined,
      'text',
      42,
      [],
      {},
      { object: 'page', entry: [] },
      { object: 'whatsapp_business_account' },
    ]) {
      expect(parseWhatsAppWebhook(body)).toEqual(notWhatsApp);
    }
    expect(parseWhatsAppWebhook({ object: 'whatsapp_business_account', entry: [] })).toEqual([]);
    const hostile = {
      object: 'whatsapp_business_account',
      entry: [
        1,
        'x',
        [],
        { id: {}, changes: [] },
        {
          id: '1',
          changes: [
            null,
            7,
            { field: 'messages', value: null },
            {
              field: 'messages',
              value: { metadata: { phone_number_id: '2' }, messages: [null, [], { type: 'text' }], statuses: 'x' },
            },
          ],
        },
      ],
    };
    expect(() => parseWhatsAppWebhook(hostile)).not.toThrow();
    expect(parseWhatsAppWebhook(hostile).every((e) => e.kind === 'skip')).toBe(true);
  });
});

describe('verifyWhatsAppSignature', () => {
  const secret = 'c0ffee-app-secret';
  const body = raw('image');
  const sign = (bytes: Buffer, key = secret) => `sha256=${createHmac('sha256', key).update(bytes).digest('hex')}`;

  it('accepts the HMAC-SHA256 of the raw body under the app secret', () => {
    expect(verifyWhatsAppSignature(body, sign(body), secret)).toBe(true);
  });

  it('matches a known HMAC-SHA256 test vector', () => {
    const header = 'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';
    expect(verifyWhatsAppSignature(Buffer.from('The quick brown fox jumps over the lazy dog'), header, 'key')).toBe(
      true,
    );
  });

  it('accepts uppercase hex: it is the same digest', () => {
    const header = sign(body);
    expect(verifyWhatsAppSignature(body, `sha256=${header.slice(7).toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses another secret, another body, or a re-serialised body', () => {
    expect(verifyWhatsAppSignature(body, sign(body, 'other-secret'), secret)).toBe(false);
    const tampered = Buffer.from(body.toString('utf8').replace('broken screen', 'broken screen!'));
    expect(verifyWhatsAppSignature(tampered, sign(body), secret)).toBe(false);
    // The signature covers the bytes as sent, not the JSON they parse to.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(verifyWhatsAppSignature(reserialised, sign(body), secret)).toBe(false);
  });

  it('refuses missing and malformed headers without throwing', () => {
    const hex = sign(body).slice(7);
    for (const header of [
      undefined,
      '',
      'sha256=',
      hex,
      `sha1=${hex.slice(0, 40)}`,
      `SHA256=${hex}`,
      `sha256=${hex.slice(0, 62)}`,
      `sha256=${hex}00`,
      `sha256=${'z'.repeat(64)}`,
      `sha256=${hex.slice(0, 63)}`,
    ]) {
      expect(verifyWhatsAppSignature(body, header, secret), String(header)).toBe(false);
    }
  });

  it('refuses everything when no app secret is configured', () => {
    expect(verifyWhatsAppSignature(body, sign(body, ''), '')).toBe(false);
  });
});

describe('classifyGraphError', () => {
  it.each([
    [130429, 1_000],
    [131056, 6_000],
    [4, 60_000],
    [80007, 60_000],
    [131057, 60_000],
  ])('rate limit %i: retry after %i ms', (code, afterMs) => {
    expect(classifyGraphError({ code, message: 'limit' })).toMatchObject({ kind: 'retry', afterMs });
  });

  it.each([1, 2, 131000, 131016, 131052, 131053])('temporary %i: retry, with no wait of its own', (code) => {
    const result = classifyGraphError({ code, message: 'temporary' });
    expect(result.kind).toBe('retry');
    expect(result).not.toHaveProperty('afterMs');
  });

  it('131047 (outside the 24 h window) is refused with a readable reason, from a failed status too', () => {
    const fromStatus = (expected['status-failed']![0] as Extract<WhatsAppEvent, { kind: 'status' }>).errors[0]!;
    expect(classifyGraphError(fromStatus)).toEqual({
      kind: 'refused',
      code: 'windowClosed',
      affects: 'message',
      reason:
        'More than 24 hours have passed since the client last wrote: WhatsApp allows only an approved template now',
    });
  });

  it.each([
    [131026, 'clientUnreachable'],
    [131048, 'rateLimited'],
    [131049, 'rateLimited'],
    [131051, 'notSupported'],
    [132000, 'templateRejected'],
    [132001, 'templateRejected'],
    [131030, 'notAllowedRecipient'],
  ])('%i: refused for this message, shown as %s', (code, failure) => {
    expect(classifyGraphError({ code, message: 'no' })).toMatchObject({
      kind: 'refused',
      affects: 'message',
      code: failure,
    });
  });

  it('a retry that runs out shows as unreachable, or rate-limited when Graph set a wait', () => {
    expect(classifyGraphError({ code: 131000, message: 'x' })).toMatchObject({ kind: 'retry', code: 'unreachable' });
    expect(classifyGraphError({ code: 130429, message: 'x' })).toMatchObject({ kind: 'retry', code: 'rateLimited' });
  });

  it('invalid parameters are refused with what Graph said was wrong', () => {
    const error = graphErrorOf({
      error: {
        message: '(#100) Invalid parameter',
        type: 'OAuthException',
        code: 100,
        error_data: { messaging_product: 'whatsapp', details: "Param text['body'] is required" },
        fbtrace_id: 'AbC123xyz',
      },
    })!;
    expect(classifyGraphError(error)).toEqual({
      kind: 'refused',
      code: 'refused',
      affects: 'message',
      reason: "WhatsApp rejected the request: Param text['body'] is required",
    });
    expect(graphDetail(error)).toBe("Param text['body'] is required");
    expect(classifyGraphError({ code: 131009, message: '(#131009) Parameter value is not valid' })).toEqual({
      kind: 'refused',
      code: 'refused',
      affects: 'message',
      reason: 'A parameter is invalid: (#131009) Parameter value is not valid',
    });
  });

  it('token, policy and account problems are refused for the whole channel', () => {
    expect(classifyGraphError({ code: 190, error_subcode: 463, message: 'Error validating access token' })).toEqual({
      kind: 'refused',
      code: 'channelReconnect',
      affects: 'channel',
      reason: 'The WhatsApp access token has expired: reconnect the number',
    });
    expect(classifyGraphError({ code: 190, message: 'Invalid OAuth access token' })).toEqual({
      kind: 'refused',
      code: 'channelReconnect',
      affects: 'channel',
      reason: 'The WhatsApp access token is invalid: reconnect the number',
    });
    for (const code of [368, 131031, 133016, 10, 200, 299, 131005, 131042, 131045]) {
      expect(classifyGraphError({ code, message: 'no' }), String(code)).toMatchObject({
        kind: 'refused',
        code: 'channelRestricted',
        affects: 'channel',
      });
    }
  });

  it('an unknown code is retried only when Graph marks it transient', () => {
    expect(classifyGraphError({ code: 987654, message: 'Something new' })).toEqual({
      kind: 'refused',
      code: 'refused',
      affects: 'message',
      reason: 'WhatsApp error 987654: Something new',
    });
    expect(classifyGraphError({ code: 987654, message: 'Something new', is_transient: true })).toEqual({
      kind: 'retry',
      code: 'unreachable',
      reason: 'WhatsApp error 987654: Something new',
    });
  });

  it('reads the code from the body, never from the HTTP status', () => {
    // §2.1's example: a pair rate limit answered with an HTTP 400, still a "retry later".
    const error = graphErrorOf({
      error: {
        message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        type: 'OAuthException',
        code: 131056,
        error_data: { messaging_product: 'whatsapp', details: 'Too many messages to this recipient' },
        fbtrace_id: 'AbC123xyz',
      },
    });
    expect(error).toMatchObject({ code: 131056, fbtrace_id: 'AbC123xyz' });
    expect(classifyGraphError(error!)).toMatchObject({ kind: 'retry', afterMs: 6_000 });
    expect(graphErrorOf('<html>Bad Gateway</html>')).toBeNull();
    expect(graphErrorOf({ error: { message: 'no code' } })).toBeNull();
  });
});

describe('ids past 2^53', () => {
  it('keeps a template review whose id Meta sent as a 16-digit JSON number', () => {
    const body = JSON.parse(
      '{"object":"whatsapp_business_account","entry":[{"id":"102290129340398","time":1,"changes":[{"field":"message_template_status_update","value":{"event":"APPROVED","message_template_id":9048782327042547,"message_template_name":"follow_up","message_template_language":"en_US","reason":"NONE"}}]}]}',
    ) as unknown;
    const [event] = parseWhatsAppWebhook(body);
    expect(event).toMatchObject({ kind: 'templateStatus', name: 'follow_up', status: 'APPROVED', language: 'en_US' });
  });
});
