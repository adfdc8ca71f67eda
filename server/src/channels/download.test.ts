import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBot, type FakeBotApi } from '../../test/fakes/telegram/fake-bot-api';
import { eventually } from '../../test/harness';
import { downloadCapped, DownloadFailed } from './download';

// The channel-neutral reader, against the fake Bot API's file server (any HTTP file server would do).
describe('downloadCapped', () => {
  let fake: FakeBotApi;
  let bot: FakeBot;
  const CAP = 256 * 1024;
  beforeAll(async () => {
    fake = await startFakeBotApi();
    bot = fake.addBot();
  });
  afterAll(async () => fake?.close());

  const serve = (name: string, bytes: Buffer, chunked: boolean) => {
    fake.addFile(bot.token, { file_id: name, bytes, file_path: `documents/${name}`, chunked });
    return `${fake.apiRoot}/file/bot${bot.token}/documents/${name}`;
  };
  const ended = (name: string) =>
    eventually(() => fake.downloads(bot.token).find((d) => d.file_path === `documents/${name}` && d.state !== 'open'));

  it('reads a file of exactly the cap whole, with or without Content-Length', async () => {
    const bytes = Buffer.alloc(CAP, 7);
    for (const chunked of [false, true]) {
      const result = await downloadCapped(serve(`exact-${chunked}`, bytes, chunked), { maxBytes: CAP });
      expect(result.kind).toBe('complete');
      expect(result.kind === 'complete' && Buffer.compare(result.bytes, bytes)).toBe(0);
    }
  });

  it('stops one byte past the cap when no length is declared, and drops the connection', async () => {
    const size = CAP * 64 + 1; // 16 MB: far more than the buffers between the two ends
    const result = await downloadCapped(serve('over', Buffer.alloc(size, 1), true), { maxBytes: CAP });
    expect(result).toEqual({ kind: 'tooLarge', size: null });
    const download = await ended('over');
    expect(download.state).toBe('aborted');
    expect(download.bytesSent).toBeLessThan(size / 2);
  });

  it('refuses on a declared Content-Length over the cap before reading the body', async () => {
    const size = CAP * 64 + 1;
    const result = await downloadCapped(serve('declared', Buffer.alloc(size, 2), false), { maxBytes: CAP });
    expect(result).toEqual({ kind: 'tooLarge', size });
    const download = await ended('declared');
    expect(download.state).toBe('aborted');
    expect(download.bytesSent).toBeLessThan(size / 2);
  });

  it('reports an error status as a failed download, to be retried', async () => {
    const missing = downloadCapped(`${fake.apiRoot}/file/bot${bot.token}/documents/none`, { maxBytes: CAP });
    await expect(missing).rejects.toBeInstanceOf(DownloadFailed);
    await expect(
      downloadCapped(`${fake.apiRoot}/file/bot${bot.token}/documents/none`, { maxBytes: CAP }),
    ).rejects.toThrow('file download answered 404');
  });
});
