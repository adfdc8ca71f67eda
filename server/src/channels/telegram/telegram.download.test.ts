import { MAX_UPLOAD_BYTES } from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUpdate } from '../../../test/fakes/telegram/updates';
import { eventually } from '../../../test/harness';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../../test/telegram-world';

/**
 * What may be in flight when a reader stops at the cap: the fake's writes wait for the reader, but the loopback
 * socket buffers (Linux grows each to a few MB) and the HTTP client hold some. Measured here: about 4 MB. The
 * files below are 30 MB over the cap, so a reader that does not stop reads them whole and fails the bound.
 */
const IN_FLIGHT = 10 * 1024 * 1024;
const OVER = MAX_UPLOAD_BYTES + 30 * 1024 * 1024;

let chatCounter = 910_000;

describe('a client file is downloaded at most up to the upload cap, whatever Telegram states', () => {
  let world: World;
  let home: Awaited<ReturnType<typeof companyWithBot>>;
  let agent: Awaited<ReturnType<typeof home.addAgent>>;
  let big: Buffer;
  beforeAll(async () => {
    world = await startTelegramWorld('webhook');
    home = await companyWithBot(world);
    agent = await home.addAgent();
    big = Buffer.alloc(OVER, 'A');
  });
  afterAll(async () => world?.close());

  const downloadsOf = (filePath: string) =>
    world.fake.downloads(home.bot.token).filter((d) => d.file_path === filePath);
  /** The one download of the file, once the fake has seen it end (the reader's hang-up reaches it a moment later). */
  const endedDownload = (filePath: string) =>
    eventually(() => {
      const downloads = downloadsOf(filePath);
      expect(downloads).toHaveLength(1);
      return downloads[0]!.state === 'open' ? undefined : downloads[0]!;
    });

  /**
   * A client sends a document (captioned with its file id, to find it again); resolves with the message the agent
   * sees once KreeChat has processed it.
   */
  async function send(fileId: string, fileSize: number | undefined): Promise<Record<string, unknown>> {
    await deliver(
      world,
      home.bot,
      documentUpdate({
        updateId: world.fake.nextUpdateId(home.bot.token),
        chatId: ++chatCounter,
        file_id: fileId,
        file_name: `${fileId}.txt`,
        mime_type: 'text/plain',
        file_size: fileSize,
        caption: fileId,
      }),
    );
    const tickets = (await agent.client.get('/tickets')).body as { ticketid: string }[];
    const chats = await Promise.all(tickets.map((t) => agent.client.get(`/${t.ticketid}/0/chat`)));
    const messages: Record<string, unknown>[] = chats.flatMap((c) =>
      c.body.sections.flatMap((section: { messages: Record<string, unknown>[] }) => section.messages),
    );
    const sent = messages.filter((m) => m.content === fileId);
    expect(sent).toHaveLength(1);
    return sent[0]!;
  }

  it('stops at the cap a file that states no size anywhere, and shows it as too large', async () => {
    world.fake.addFile(home.bot.token, {
      file_id: 'nosize',
      bytes: big,
      file_path: 'documents/nosize.txt',
      reported_size: null,
      chunked: true,
    });
    const message = await send('nosize', undefined);
    expect(message).toMatchObject({ type: 'document', file_name: 'Filesize too large!' });
    expect(message.path ?? null).toBeNull();
    const download = await endedDownload('documents/nosize.txt');
    expect(download).toMatchObject({ state: 'aborted', size: OVER });
    expect(download.bytesSent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(download.bytesSent).toBeLessThan(MAX_UPLOAD_BYTES + IN_FLIGHT);
  });

  it('stops at the cap a file that states a small size but is larger, streamed without Content-Length', async () => {
    world.fake.addFile(home.bot.token, {
      file_id: 'liar',
      bytes: big,
      file_path: 'documents/liar.txt',
      reported_size: 1_000,
      chunked: true,
    });
    expect(await send('liar', 1_000)).toMatchObject({ type: 'document', file_name: 'Filesize too large!' });
    const download = await endedDownload('documents/liar.txt');
    expect(download).toMatchObject({ state: 'aborted', size: OVER });
    expect(download.bytesSent).toBeLessThan(MAX_UPLOAD_BYTES + IN_FLIGHT);
  });

  it('refuses on its Content-Length a file whose stated size was small, reading almost nothing', async () => {
    world.fake.addFile(home.bot.token, {
      file_id: 'declared',
      bytes: big,
      file_path: 'documents/declared.txt',
      reported_size: 1_000,
    });
    expect(await send('declared', 1_000)).toMatchObject({
      type: 'document',
      file_name: 'Filesize too large!',
      file_size: OVER,
    });
    const download = await endedDownload('documents/declared.txt');
    expect(download).toMatchObject({ state: 'aborted' });
    expect(download.bytesSent).toBeLessThan(IN_FLIGHT);
  });

  it('does not even ask for a file stated larger than the cap (the known path)', async () => {
    world.fake.addFile(home.bot.token, { file_id: 'stated', bytes: Buffer.from('x'), file_path: 'documents/s.txt' });
    const getFiles = world.fake.calls(home.bot.token, 'getFile').length;
    expect(await send('stated', MAX_UPLOAD_BYTES + 1)).toMatchObject({
      file_name: 'Filesize too large!',
      file_size: MAX_UPLOAD_BYTES + 1,
    });
    expect(world.fake.calls(home.bot.token, 'getFile')).toHaveLength(getFiles);
    expect(downloadsOf('documents/s.txt')).toEqual([]);
  });

  it('takes a file without a stated size whole when it is within the cap', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 'kreechat ');
    world.fake.addFile(home.bot.token, {
      file_id: 'fits',
      bytes,
      file_path: 'documents/fits.txt',
      reported_size: null,
      chunked: true,
    });
    const message = await send('fits', undefined);
    expect(message).toMatchObject({ type: 'document', file_name: 'fits.txt', file_size: bytes.length });
    expect(await endedDownload('documents/fits.txt')).toMatchObject({ state: 'complete', bytesSent: bytes.length });
    const stored = await world.t.app.inject({
      method: 'GET',
      url: message.path as string,
      headers: { cookie: `kc_session=${agent.client.cookie('kc_session')}` },
    });
    expect(Buffer.compare(stored.rawPayload, bytes)).toBe(0);
  });
});
