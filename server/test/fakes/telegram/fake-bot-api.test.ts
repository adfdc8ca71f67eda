/**
 * The fake Telegram Bot API driven by grammY's real client: if grammY can talk to it, the server can too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Api, Bot, GrammyError, InputFile } from 'grammy';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBot, type FakeBotApi } from './fake-bot-api';
import {
  callbackUpdate,
  documentUpdate,
  editedTextUpdate,
  locationUpdate,
  photoUpdate,
  reactionUpdate,
  stickerUpdate,
  textUpdate,
  videoUpdate,
  voiceUpdate,
  audioUpdate,
} from './updates';

let fake: FakeBotApi;
let bot: FakeBot;
let api: Api;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(() => {
  bot = fake.addBot();
  api = new Api(bot.token, { apiRoot: fake.apiRoot });
});

async function grammyError(promise: Promise<unknown>): Promise<GrammyError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GrammyError);
  return error as GrammyError;
}

async function until(condition: () => boolean, timeoutMs = 2000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A 24-byte PNG header is all the fake needs to read the dimensions. */
function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(bytes);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

const text = (chatId: number, body: string) =>
  textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: body });

describe('envelope', () => {
  it('answers getMe with the bot user', async () => {
    await expect(api.getMe()).resolves.toEqual({
      id: bot.id,
      is_bot: true,
      first_name: bot.first_name,
      username: 'kree_test_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    });
    expect(bot.token).toMatch(/^\d+:[A-Za-z0-9_-]{35}$/);
  });

  it('answers 404 Not Found for a token it never saw, 401 Unauthorized once revoked', async () => {
    const stranger = new Api('123456:AAnot-a-real-token-at-all-xxxxxxxxxxxxx', { apiRoot: fake.apiRoot });
    const unknown = await grammyError(stranger.getMe());
    expect([unknown.error_code, unknown.description]).toEqual([404, 'Not Found']);

    fake.revoke(bot.token);
    const revoked = await grammyError(api.getMe());
    expect([revoked.error_code, revoked.description]).toEqual([401, 'Unauthorized']);
  });

  it('takes the method case-insensitively, from GET query strings and urlencoded forms', async () => {
    const markup = JSON.stringify({ inline_keyboard: [[{ text: 'Yes', callback_data: 't1:yes' }]] });
    const viaGet = await fetch(`${fake.apiRoot}/bot${bot.token}/SENDMESSAGE?chat_id=7&text=hi`);
    expect(viaGet.status).toBe(200);
    const viaForm = await fetch(`${fake.apiRoot}/bot${bot.token}/sendMessage`, {
      method: 'POST',
      body: new URLSearchParams({ chat_id: '7', text: 'there', reply_markup: markup }),
    });
    const body = (await viaForm.json()) as any;
    expect(body.ok).toBe(true);
    expect(body.result).toMatchObject({ message_id: 2, chat: { id: 7, type: 'private' }, text: 'there' });
    expect(body.result.reply_markup).toEqual(JSON.parse(markup));

    const [first, second] = fake.calls(bot.token, 'sendMessage');
    expect(first?.params).toEqual({ chat_id: '7', text: 'hi' });
    expect(second?.params.reply_markup).toEqual(JSON.parse(markup));
  });

  it('answers an unknown method with 404 Not Found: method not found', async () => {
    const res = await fetch(`${fake.apiRoot}/bot${bot.token}/sendTelepathy`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found: method not found' });
  });
});

describe('sending', () => {
  it('sends a message with an inline keyboard and records the parsed params', async () => {
    const keyboard = {
      inline_keyboard: [
        [
          { text: 'Yes', callback_data: 't91:yes' },
          { text: 'No', callback_data: 't91:no' },
        ],
        [{ text: 'Portal', url: 'https://help.example/t/91' }],
      ],
    };
    const first = await api.sendMessage(4242, 'Resolved?', { reply_markup: keyboard });
    const second = await api.sendMessage(4242, 'Still there?');

    expect(first).toMatchObject({
      message_id: 1,
      from: { id: bot.id, is_bot: true, username: bot.username },
      chat: { id: 4242, type: 'private' },
      text: 'Resolved?',
      reply_markup: keyboard,
    });
    expect(Math.abs(first.date - Date.now() / 1000)).toBeLessThan(5);
    expect(second.message_id).toBe(2);
    expect(second.reply_markup).toBeUndefined();

    const call = await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Resolved?');
    expect(call.params).toMatchObject({ chat_id: 4242, reply_markup: keyboard });
    expect(fake.calls(bot.token).map((c) => c.method)).toEqual(['sendmessage', 'sendmessage']);
  });

  it('continues the message ids of the chat and links replies to known messages', async () => {
    const incoming = text(4242, 'my order is late');
    await fake.pushUpdate(bot.token, incoming);
    const reply = await api.sendMessage(4242, 'Looking into it', {
      reply_parameters: { message_id: incoming.message!.message_id },
    });
    expect(reply.message_id).toBe(incoming.message!.message_id + 1);
    expect(reply.chat).toEqual({ id: 4242, first_name: 'Ana', type: 'private' });
    expect(reply.reply_to_message).toMatchObject({
      message_id: incoming.message!.message_id,
      text: 'my order is late',
    });
  });

  it('rejects what Telegram rejects', async () => {
    const cases: [Promise<unknown>, string][] = [
      [api.sendMessage(1, ''), 'Bad Request: message text is empty'],
      [api.sendMessage(1, 'x'.repeat(4097)), 'Bad Request: message is too long'],
      [
        api.sendMessage(1, 'pick', {
          reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'x'.repeat(65) }]] },
        }),
        'Bad Request: BUTTON_DATA_INVALID',
      ],
      [
        api.sendMessage(1, 'Order 1182 shipped.', { parse_mode: 'MarkdownV2' }),
        "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
      ],
      [
        api.sendMessage(1, 'a < b', { parse_mode: 'HTML' }),
        "Bad Request: can't parse entities: Unclosed start tag at byte offset 2",
      ],
      [api.setMessageReaction(1, 1, [{ type: 'emoji', emoji: '✅' as '👍' }]), 'Bad Request: REACTION_INVALID'],
    ];
    for (const [promise, description] of cases) {
      const error = await grammyError(promise);
      expect([error.error_code, error.description]).toEqual([400, description]);
    }
    // A 64-byte callback_data is fine, and valid markup is stripped from the text.
    await api.sendMessage(1, '*Order* 1182 shipped\\.', {
      parse_mode: 'MarkdownV2',
      reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'x'.repeat(64) }]] },
    });
    await expect(api.sendMessage(1, '<b>a</b> &lt; b', { parse_mode: 'HTML' })).resolves.toMatchObject({
      text: 'a < b',
    });
  });

  it('uploads a photo from an InputFile, which getFile and the download URL then serve', async () => {
    const bytes = pngHeader(1200, 900);
    const message = await api.sendPhoto(4242, new InputFile(bytes, 'screen.png'), { caption: 'your label' });

    const call = await fake.waitForCall(bot.token, 'sendPhoto');
    expect(call.files).toHaveLength(1);
    expect(call.files[0]).toMatchObject({ field: 'photo', filename: 'screen.png' });
    expect(call.files[0]?.bytes.equals(bytes)).toBe(true);
    expect(call.params).toMatchObject({ chat_id: '4242', caption: 'your label' });

    expect(message.caption).toBe('your label');
    expect(message.photo?.map((p) => [p.width, p.height])).toEqual([
      [90, 68],
      [1200, 900],
    ]);
    const largest = message.photo!.at(-1)!;
    const file = await api.getFile(largest.file_id);
    expect(file).toEqual({
      file_id: largest.file_id,
      file_unique_id: largest.file_unique_id,
      file_size: bytes.length,
      file_path: expect.stringMatching(/^photos\/file_\d+\.jpg$/),
    });
    const download = await fetch(`${fake.apiRoot}/file/bot${bot.token}/${file.file_path}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    // The same file_id can be sent again without uploading.
    const again = await api.sendPhoto(99, largest.file_id);
    expect(again.photo?.at(-1)?.file_id).toBe(largest.file_id);
  });

  it('sends documents, voice notes and locations with the real object shapes', async () => {
    const pdf = Buffer.from('%PDF-1.7 fake invoice');
    const doc = await api.sendDocument(5, new InputFile(pdf, 'invoice.pdf'), { caption: 'invoice' });
    expect(doc.document).toEqual({
      file_name: 'invoice.pdf',
      mime_type: 'application/pdf',
      file_id: expect.stringMatching(/^BQAC/),
      file_unique_id: expect.any(String),
      file_size: pdf.length,
    });
    const voice = await api.sendVoice(5, new InputFile(Buffer.from('OggS....'), 'note.ogg'), { duration: 3 });
    expect(voice.voice).toMatchObject({ duration: 3, mime_type: 'audio/ogg', file_size: 8 });
    const place = await api.sendLocation(5, 52.52, 13.405);
    expect(place.location).toEqual({ latitude: 52.52, longitude: 13.405 });
    expect([doc.message_id, voice.message_id, place.message_id]).toEqual([1, 2, 3]);
  });

  it('serves files added by the test, and refuses unknown or oversized ones', async () => {
    fake.addFile(bot.token, { file_id: 'AgAD-m', bytes: Buffer.from('jpeg bytes'), file_path: 'photos/file_7.jpg' });
    await expect(api.getFile('AgAD-m')).resolves.toEqual({
      file_id: 'AgAD-m',
      file_unique_id: expect.any(String),
      file_size: 10,
      file_path: 'photos/file_7.jpg',
    });
    const download = await fetch(`${fake.apiRoot}/file/bot${bot.token}/photos/file_7.jpg`);
    expect(await download.text()).toBe('jpeg bytes');
    expect((await fetch(`${fake.apiRoot}/file/bot${bot.token}/photos/nope.jpg`)).status).toBe(404);

    const unknown = await grammyError(api.getFile('nope'));
    expect(unknown.description).toBe('Bad Request: invalid file_id');
    fake.addFile(bot.token, { file_id: 'huge', bytes: Buffer.alloc(20 * 1024 * 1024 + 1) });
    const huge = await grammyError(api.getFile('huge'));
    expect([huge.error_code, huge.description]).toEqual([400, 'Bad Request: file is too big']);
  });

  it('answers callbacks, reactions and keyboard edits', async () => {
    await expect(api.answerCallbackQuery('4122903319558417', { text: 'Thanks!' })).resolves.toBe(true);
    await expect(api.setMessageReaction(4242, 57, [{ type: 'emoji', emoji: '👍' }])).resolves.toBe(true);
    expect(fake.calls(bot.token, 'setMessageReaction')[0]?.params.reaction).toEqual([{ type: 'emoji', emoji: '👍' }]);

    const sent = await api.sendMessage(4242, 'Resolved?', {
      reply_markup: { inline_keyboard: [[{ text: 'Yes', callback_data: 't91:yes' }]] },
    });
    const edited = await api.editMessageReplyMarkup(4242, sent.message_id);
    expect(edited).toMatchObject({ message_id: sent.message_id, text: 'Resolved?', edit_date: expect.any(Number) });
    expect((edited as { reply_markup?: unknown }).reply_markup).toBeUndefined();
    const twice = await grammyError(api.editMessageReplyMarkup(4242, sent.message_id));
    expect(twice.description).toMatch(/^Bad Request: message is not modified/);
    const missing = await grammyError(api.editMessageText(4242, 999, 'x'));
    expect(missing.description).toBe('Bad Request: message to edit not found');
  });
});

describe('errors the test injects', () => {
  it('fails the next call with 429 and retry_after, then recovers', async () => {
    fake.failNext(bot.token, 'sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      retry_after: 3,
    });
    const error = await grammyError(api.sendMessage(1, 'hi'));
    expect(error.error_code).toBe(429);
    expect(error.description).toBe('Too Many Requests: retry after 3');
    expect(error.parameters.retry_after).toBe(3);
    await expect(api.sendMessage(1, 'hi')).resolves.toMatchObject({ text: 'hi' });

    fake.failNext(bot.token, 'sendmessage', { error_code: 429, description: 'Too Many Requests: retry after 17' });
    const raw = await fetch(`${fake.apiRoot}/bot${bot.token}/sendMessage?chat_id=1&text=x`);
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('17');
    expect(await raw.json()).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 17',
      parameters: { retry_after: 17 },
    });
  });

  it('answers 403 for a chat that blocked the bot', async () => {
    fake.blockChat(bot.token, 4242);
    const error = await grammyError(api.sendMessage(4242, 'hello?'));
    expect([error.error_code, error.description]).toEqual([403, 'Forbidden: bot was blocked by the user']);
    const photo = await grammyError(api.sendPhoto(4242, new InputFile(pngHeader(10, 10), 'a.png')));
    expect(photo.error_code).toBe(403);
    await expect(api.sendMessage(4243, 'other chat')).resolves.toMatchObject({ chat: { id: 4243 } });
  });

  it('explains what it did receive when waitForCall times out', async () => {
    await api.sendMessage(1, 'hi');
    await expect(fake.waitForCall(bot.token, 'sendPhoto', undefined, 50)).rejects.toThrow(
      /no matching sendphoto call for @kree_test_bot within 50 ms; calls received:\n {2}sendmessage/,
    );
  });
});

describe('getUpdates', () => {
  it('confirms with offset = last + 1, keeps the newest N with a negative offset', async () => {
    const [a, b, c] = [text(1, 'a'), text(1, 'b'), text(1, 'c')];
    for (const u of [c, a, b]) await fake.pushUpdate(bot.token, u);

    const all = await api.getUpdates();
    expect(all.map((u) => u.update_id)).toEqual([a.update_id, b.update_id, c.update_id]);
    expect(all[0]).toEqual(a);
    expect((await api.getUpdates({ limit: 1 })).map((u) => u.message?.text)).toEqual(['a']);

    // Confirming a deletes it for good.
    expect((await api.getUpdates({ offset: a.update_id + 1 })).map((u) => u.message?.text)).toEqual(['b', 'c']);
    expect((await api.getUpdates()).map((u) => u.message?.text)).toEqual(['b', 'c']);

    expect((await api.getUpdates({ offset: -1 })).map((u) => u.message?.text)).toEqual(['c']);
    expect((await api.getUpdates()).map((u) => u.message?.text)).toEqual(['c']);
    expect(await api.getUpdates({ offset: c.update_id + 1 })).toEqual([]);
    await expect(api.getWebhookInfo()).resolves.toMatchObject({ url: '', pending_update_count: 0 });
  });

  it('long-polls until an update arrives', async () => {
    const poll = api.getUpdates({ timeout: 5 });
    await until(() => fake.activePolls(bot.token) === 1);
    const update = text(4242, 'hello');
    await expect(fake.pushUpdate(bot.token, update)).resolves.toBeUndefined();
    await expect(poll).resolves.toEqual([update]);
    expect(fake.activePolls(bot.token)).toBe(0);
  });

  it('answers [] when the long poll times out', async () => {
    const started = Date.now();
    await expect(api.getUpdates({ timeout: 1 })).resolves.toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('ends the older of two concurrent polls with 409', async () => {
    const older = api.getUpdates({ timeout: 5 });
    await until(() => fake.activePolls(bot.token) === 1);
    const newer = api.getUpdates({ timeout: 5 });
    const error = await grammyError(older);
    expect([error.error_code, error.description]).toEqual([
      409,
      'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    ]);
    await until(() => fake.activePolls(bot.token) === 1);
    const update = text(1, 'to the newer poller');
    await fake.pushUpdate(bot.token, update);
    await expect(newer).resolves.toEqual([update]);
  });

  it('delivers message_reaction only when allowed_updates lists it', async () => {
    const reaction = () =>
      reactionUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 4242, messageId: 57, emoji: '👍' });
    await fake.pushUpdate(bot.token, reaction());
    await fake.pushUpdate(bot.token, text(4242, 'hi'));
    expect((await api.getUpdates()).map((u) => Object.keys(u)[1])).toEqual(['message']);

    const wanted = reaction();
    await fake.pushUpdate(bot.token, wanted);
    const updates = await api.getUpdates({ allowed_updates: ['message', 'message_reaction'] });
    expect(updates.map((u) => u.update_id)).toContain(wanted.update_id);
  });
});

describe('grammY Bot', () => {
  it('runs a polling bot end to end: updates in, replies out, clean stop', async () => {
    const polling = new Bot(bot.token, { client: { apiRoot: fake.apiRoot } });
    polling.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    polling.on('message_reaction', (ctx) => ctx.reply('thanks for the reaction'));
    polling.catch((err) => {
      throw err.error;
    });
    void polling.start({ timeout: 1, allowed_updates: ['message', 'message_reaction'] });
    await until(() => fake.activePolls(bot.token) === 1);

    await fake.pushUpdate(bot.token, text(4242, 'ping'));
    await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'echo: ping', 2000);
    await fake.pushUpdate(
      bot.token,
      reactionUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 4242, messageId: 1, emoji: '❤' }),
    );
    await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'thanks for the reaction', 2000);

    await polling.stop();
    expect(fake.activePolls(bot.token)).toBe(0);
    expect(fake.calls(bot.token, 'getUpdates')[0]?.params.allowed_updates).toEqual(['message', 'message_reaction']);
    await expect(api.getWebhookInfo()).resolves.toMatchObject({ pending_update_count: 0 });
  });
});

describe('webhook', () => {
  let receiver: Server;
  let receiverUrl: string;
  let received: { headers: IncomingHttpHeaders; body: string }[];
  let answerStatus: number;
  let answerBody: string;

  beforeEach(async () => {
    received = [];
    answerStatus = 200;
    answerBody = '';
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(answerStatus, { 'content-type': 'application/json' }).end(answerBody);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/telegram/webhook`;
  });
  afterEach(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('posts pushed updates with the secret header and reports the status', async () => {
    const set = await fetch(`${fake.apiRoot}/bot${bot.token}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: receiverUrl,
        secret_token: 's3cr3t-_X',
        allowed_updates: ['message', 'callback_query'],
      }),
    });
    expect(await set.json()).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(fake.webhook(bot.token)).toEqual({
      url: receiverUrl,
      secret_token: 's3cr3t-_X',
      allowed_updates: ['message', 'callback_query'],
      max_connections: 40,
    });

    const update = callbackUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId: 4242,
      data: 't91:yes',
      messageId: 60,
    });
    await expect(fake.pushUpdate(bot.token, update)).resolves.toBe(200);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toEqual(update);
    expect(received[0]!.headers['x-telegram-bot-api-secret-token']).toBe('s3cr3t-_X');
    expect(received[0]!.headers['content-type']).toBe('application/json');

    // Not in allowed_updates: never posted.
    const reaction = reactionUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId: 4242,
      messageId: 60,
      emoji: null,
    });
    await expect(fake.pushUpdate(bot.token, reaction)).resolves.toBeUndefined();
    expect(received).toHaveLength(1);

    answerStatus = 401;
    const forged = await fake.deliverToWebhook(bot.token, text(4242, 'forged'), { secret: null });
    expect(forged.status).toBe(401);
    expect(received[1]!.headers['x-telegram-bot-api-secret-token']).toBeUndefined();
    await expect(api.getWebhookInfo()).resolves.toMatchObject({
      url: receiverUrl,
      has_custom_certificate: false,
      pending_update_count: 0,
      last_error_message: 'Wrong response from the webhook: 401',
    });
  });

  it('executes a method returned in the webhook response body', async () => {
    await api.setWebhook(receiverUrl);
    answerBody = JSON.stringify({ method: 'sendMessage', chat_id: 4242, text: 'We got it' });
    await fake.pushUpdate(bot.token, text(4242, 'hello'));
    const call = await fake.waitForCall(bot.token, 'sendMessage');
    expect(call.params).toEqual({ chat_id: 4242, text: 'We got it' });
  });

  it('blocks getUpdates while set, ends a running poll, and can be removed', async () => {
    const poll = api.getUpdates({ timeout: 5 });
    await until(() => fake.activePolls(bot.token) === 1);
    await expect(api.setWebhook(receiverUrl, { secret_token: 'abc' })).resolves.toBe(true);
    const ended = await grammyError(poll);
    expect([ended.error_code, ended.description]).toEqual([409, 'Conflict: terminated by setWebhook request']);

    const blocked = await grammyError(api.getUpdates());
    expect([blocked.error_code, blocked.description]).toEqual([
      409,
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    ]);

    const badSecret = await grammyError(api.setWebhook(receiverUrl, { secret_token: 'not allowed!' }));
    expect(badSecret.description).toBe('Bad Request: secret token contains unallowed characters');
    const notHttps = await grammyError(api.setWebhook('http://desk.example.com/telegram/webhook'));
    expect(notHttps.description).toBe('Bad Request: bad webhook: HTTPS url must be provided for webhook');

    const removed = await fetch(`${fake.apiRoot}/bot${bot.token}/deleteWebhook`, { method: 'POST' });
    expect(await removed.json()).toEqual({ ok: true, result: true, description: 'Webhook was deleted' });
    const again = await fetch(`${fake.apiRoot}/bot${bot.token}/setWebhook?url=`);
    expect(await again.json()).toEqual({ ok: true, result: true, description: 'Webhook is already deleted' });
    await expect(api.getUpdates()).resolves.toEqual([]);
  });
});

describe('builders and fixtures', () => {
  const fixturesDir = fileURLToPath(new URL('../../../src/channels/telegram/fixtures/', import.meta.url));
  const fixture = (name: string) => JSON.parse(readFileSync(`${fixturesDir}${name}.json`, 'utf8'));
  /** The set of key paths of a JSON value, arrays collapsed, so shapes compare without values. */
  const shape = (value: unknown, path = ''): string[] =>
    Array.isArray(value)
      ? value.flatMap((v) => shape(v, `${path}[]`))
      : typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([k, v]) => [`${path}.${k}`, ...shape(v, `${path}.${k}`)])
        : [];
  const sameShape = (a: unknown, b: unknown) =>
    expect([...new Set(shape(a))].sort()).toEqual([...new Set(shape(b))].sort());

  it('every fixture is one Update with exactly one kind', () => {
    const files = readdirSync(fixturesDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(11);
    for (const file of files) {
      const update = JSON.parse(readFileSync(`${fixturesDir}${file}`, 'utf8'));
      expect(Object.keys(update), file).toHaveLength(2);
      expect(update.update_id, file).toEqual(expect.any(Number));
    }
  });

  it('builds updates shaped like the recorded fixtures', () => {
    const who = { updateId: 1, chatId: 4242, firstName: 'Ana', languageCode: 'en' };
    const full = { ...who, lastName: 'Petrova', username: 'ana_petrova', languageCode: 'ru' };
    sameShape(textUpdate({ ...full, text: 'Hello' }), fixture('text-message'));
    sameShape(editedTextUpdate({ ...full, messageId: 52, text: 'Hello again' }), fixture('edited-message'));
    const { reply_to_message: _reply, ...photoMessage } = fixture('photo-caption').message;
    sameShape(
      photoUpdate({
        ...who,
        caption: 'broken screen',
        sizes: [{ file_id: 'a', width: 90, height: 67, file_size: 1342 }],
      }),
      { update_id: 1, message: photoMessage },
    );
    sameShape(
      documentUpdate({
        ...who,
        file_id: 'd',
        file_name: 'a.pdf',
        mime_type: 'application/pdf',
        file_size: 1,
        caption: 'c',
      }),
      fixture('document'),
    );
    const { thumbnail: _vt, ...video } = fixture('video').message.video;
    sameShape(videoUpdate({ ...who, file_id: 'v', file_name: 'u.mp4', caption: 'c' }), {
      ...fixture('video'),
      message: { ...fixture('video').message, video },
    });
    sameShape(audioUpdate({ ...who, file_id: 'a', title: 't', performer: 'p', file_name: 'a.mp3' }), fixture('audio'));
    sameShape(voiceUpdate({ ...who, file_id: 'v' }), fixture('voice'));
    sameShape(locationUpdate({ ...who, latitude: 1, longitude: 2 }), fixture('location'));
    const { thumbnail: _st, ...sticker } = fixture('sticker').message.sticker;
    sameShape(stickerUpdate({ ...who, emoji: '😢' }), {
      ...fixture('sticker'),
      message: { ...fixture('sticker').message, sticker },
    });
    const callback = fixture('callback-query');
    delete callback.callback_query.message.reply_markup;
    sameShape(callbackUpdate({ ...who, data: 't91:yes', messageId: 60 }), callback);
    sameShape(reactionUpdate({ ...who, messageId: 60, emoji: '👍' }), fixture('message-reaction'));
  });

  it('builds commands with a bot_command entity and removals as an empty new_reaction', () => {
    expect(textUpdate({ updateId: 1, chatId: 1, text: '/start ref_42' }).message?.entities).toEqual([
      { offset: 0, length: 6, type: 'bot_command' },
    ]);
    const removal = reactionUpdate({ updateId: 2, chatId: 1, messageId: 3, emoji: null, oldEmoji: '👍' });
    expect(removal.message_reaction).toMatchObject({
      old_reaction: [{ type: 'emoji', emoji: '👍' }],
      new_reaction: [],
      user: { id: 1 },
      chat: { id: 1, type: 'private' },
    });
  });
});
