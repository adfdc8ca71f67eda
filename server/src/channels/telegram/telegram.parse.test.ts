import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { parseCallback } from '../bot-actions';
import { parseUpdate } from './telegram.parse';

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string) => JSON.parse(readFileSync(`${fixturesDir}${name}.json`, 'utf8')) as Update;

/** The parser over recorded updates (channel-apis.md §1.5): what KreeChat acts on, read off each one. */
describe('parseUpdate', () => {
  it('reads a text message with its sender, language and date', () => {
    const parsed = parseUpdate(fixture('text-message'));
    expect(parsed).toMatchObject({ kind: 'message', content: { type: 'text' }, replyTo: null });
    if (parsed.kind !== 'message') throw new Error('not a message');
    expect(parsed.sender.chatId).toBeTypeOf('number');
    expect(parsed.sender.username).toBe('ana_petrova');
    expect(parsed.date).toBeInstanceOf(Date);
  });

  it("reads the sender's @username from every update that has one, and none when it was removed", () => {
    const edited = parseUpdate(fixture('edited-message'));
    expect(edited).toMatchObject({ kind: 'edited', sender: { username: 'ana_petrova' } });
    // The bot's own username on the message a button hangs under is not the client's.
    expect(parseUpdate(fixture('callback-query'))).toMatchObject({ kind: 'callback', sender: { username: null } });
    const update = fixture('text-message');
    delete update.message!.from!.username;
    expect(parseUpdate(update)).toMatchObject({ kind: 'message', sender: { username: null } });
  });

  it('takes the largest photo, keeps its caption, and the message it replies to', () => {
    const update = fixture('photo-caption');
    const parsed = parseUpdate(update);
    expect(parsed).toMatchObject({ kind: 'message', content: { type: 'image' }, replyTo: 55 });
    if (parsed.kind !== 'message' || parsed.content.type !== 'image') throw new Error('not a photo');
    const sizes = update.message!.photo!;
    const largest = [...sizes].sort((a, b) => b.width * b.height - a.width * a.height)[0]!;
    expect(parsed.content.file.fileId).toBe(largest.file_id);
    expect(parsed.content.caption).toBe(update.message!.caption);
  });

  it.each([
    ['video', 'video'],
    ['voice', 'audio'],
    ['audio', 'audio'],
    ['document', 'document'],
  ] as const)('reads a %s as %s with a file to fetch', (name, type) => {
    const parsed = parseUpdate(fixture(name));
    expect(parsed).toMatchObject({ kind: 'message', content: { type } });
    if (parsed.kind !== 'message' || parsed.content.type === 'text' || parsed.content.type === 'location') {
      throw new Error('no file');
    }
    expect(parsed.content.file.fileId.length).toBeGreaterThan(0);
    expect(parsed.content.file.name.length).toBeGreaterThan(0);
  });

  it('shows a sticker as a bracketed placeholder with its emoji', () => {
    const update = fixture('sticker');
    const parsed = parseUpdate(update);
    expect(parsed).toMatchObject({ kind: 'message', content: { type: 'text' } });
    if (parsed.kind === 'message' && parsed.content.type === 'text') {
      expect(parsed.content.text).toBe(`[Sticker ${update.message!.sticker!.emoji}]`);
    }
  });

  it('reads a location as coordinates', () => {
    const update = fixture('location');
    expect(parseUpdate(update)).toMatchObject({
      kind: 'message',
      content: {
        type: 'location',
        latitude: update.message!.location!.latitude,
        longitude: update.message!.location!.longitude,
      },
    });
  });

  it('reads an edit, a button tap and a reaction', () => {
    expect(parseUpdate(fixture('edited-message'))).toMatchObject({ kind: 'edited' });
    const update = fixture('callback-query');
    const tap = parseUpdate(update);
    expect(tap).toMatchObject({ kind: 'callback', data: update.callback_query!.data });
    // The recorded tap is on a button some other bot made: it means nothing to KreeChat.
    if (tap.kind === 'callback') expect(parseCallback(tap.data)).toEqual({ action: 'unknown' });
    expect(parseCallback('rate:0b5f4c9e-7d3a-4f1e-9a2b-3c4d5e6f7a8b:3')).toEqual({
      action: 'rating',
      ticketId: '0b5f4c9e-7d3a-4f1e-9a2b-3c4d5e6f7a8b',
      rating: 3,
    });
    expect(parseUpdate(fixture('message-reaction'))).toMatchObject({ kind: 'reaction' });
  });

  it('skips what is not a private chat, and what it does not act on', () => {
    const group = fixture('text-message');
    group.message = { ...group.message!, chat: { id: -100, type: 'group', title: 'Team' } };
    expect(parseUpdate(group)).toMatchObject({ kind: 'skip' });
    expect(parseUpdate({ update_id: 1 } as Update)).toMatchObject({ kind: 'skip' });
  });
});
