import { describe, expect, it } from 'vitest';
import { PLATFORMS, type WhatsAppWindow } from '@kreechat/contract';
import {
  hasServiceWindow,
  SKEW_RECHECK_MS,
  templateKey,
  watchesServiceWindow,
  whatsAppWindowView,
} from './whatsapp-window';

const at = (iso: string) => Date.parse(iso);
const CLOSES = '2025-03-02T10:00:00.000Z';
const open: WhatsAppWindow = { open: true, closesAt: CLOSES, templates: [] };
const template = { name: 'follow_up', language: 'en_US', body: 'Hello! Do you still need help?' };
const closed: WhatsAppWindow = { open: false, closesAt: null, templates: [template] };

describe('hasServiceWindow', () => {
  it('is WhatsApp’s alone', () => {
    expect(PLATFORMS.filter(hasServiceWindow)).toEqual(['whatsapp']);
  });
});

describe('watchesServiceWindow', () => {
  it('asks for WhatsApp tickets that can still be answered', () => {
    expect(watchesServiceWindow({ platform: 'whatsapp', stage: 'pending' })).toBe(true);
    expect(watchesServiceWindow({ platform: 'whatsapp', stage: 'accepted' })).toBe(true);
    expect(watchesServiceWindow({ platform: 'whatsapp', stage: 'closed' })).toBe(false);
    expect(watchesServiceWindow({ platform: 'telegram', stage: 'accepted' })).toBe(false);
  });
});

describe('whatsAppWindowView', () => {
  it('changes nothing before the server has answered', () => {
    expect(whatsAppWindowView(undefined, 0, at('2025-03-02T09:00:00Z'))).toEqual({ state: 'none', recheckAt: null });
  });

  it('keeps an open window open until it closes, and asks again then', () => {
    const fetched = at('2025-03-01T12:00:00Z');
    expect(whatsAppWindowView(open, fetched, at('2025-03-02T09:59:59.999Z'))).toEqual({
      state: 'open',
      recheckAt: at(CLOSES),
    });
  });

  it('closes it when the clock passes closesAt, with the templates still to be fetched at once', () => {
    const fetched = at('2025-03-01T12:00:00Z');
    expect(whatsAppWindowView(open, fetched, at(CLOSES))).toEqual({
      state: 'closed',
      templates: null,
      recheckAt: at(CLOSES),
    });
  });

  it('shows a closed answer with its templates and needs no timer: only the client’s message reopens it', () => {
    expect(whatsAppWindowView(closed, at('2025-03-02T11:00:00Z'), at('2025-03-02T11:00:05Z'))).toEqual({
      state: 'closed',
      templates: [template],
      recheckAt: null,
    });
    expect(whatsAppWindowView({ ...closed, templates: [] }, 1, 2)).toMatchObject({ state: 'closed', templates: [] });
  });

  it('never reads the clock as earlier than the answer itself', () => {
    // A clock read long ago (say, when the chat opened) is not trusted to say the window is still open.
    expect(whatsAppWindowView(open, at('2025-03-02T10:00:00.000Z'), at('2025-03-01T00:00:00Z'))).toMatchObject({
      state: 'open',
      recheckAt: at(CLOSES) + SKEW_RECHECK_MS,
    });
  });

  it('trusts the server when it still says open after closesAt by our clock, and asks again shortly', () => {
    const fetched = at('2025-03-02T10:00:02Z');
    expect(whatsAppWindowView(open, fetched, at('2025-03-02T10:00:03Z'))).toEqual({
      state: 'open',
      recheckAt: fetched + SKEW_RECHECK_MS,
    });
  });

  it('keeps an open window without a closing time (or an unreadable one) open, with no timer', () => {
    expect(whatsAppWindowView({ ...open, closesAt: null }, 1, 2)).toEqual({ state: 'open', recheckAt: null });
    expect(whatsAppWindowView({ ...open, closesAt: 'soon' }, 1, 2)).toEqual({ state: 'open', recheckAt: null });
  });
});

describe('templateKey', () => {
  it('tells the same name in two languages apart', () => {
    expect(templateKey(template)).not.toBe(templateKey({ ...template, language: 'nl' }));
  });
});
