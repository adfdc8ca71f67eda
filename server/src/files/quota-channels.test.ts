/**
 * Clients' files from Telegram and WhatsApp count against the same quotas — per client per day for a session, per
 * bot or number per day for a site, and the company's total — and a file over one still arrives: the client's
 * message (caption included) becomes a 'Filesize too large!' document, as one over the channel's cap does. Any
 * type a client sends is kept, and served as a download only.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUpdate } from '../../test/fakes/telegram/updates';
import { documentMessage } from '../../test/fakes/whatsapp/webhooks';
import { companyWithBot, deliver, startTelegramWorld, type World } from '../../test/telegram-world';
import { clientSays, companyWithNumber, startWhatsAppWorld, type WhatsAppWorld } from '../../test/whatsapp-world';
import { fileUsage } from '../db/schema';

const QUOTAS = { QUOTA_SESSION_DAY: '1MB', QUOTA_SITE_DAY: '2MB', QUOTA_COMPANY: '3MB' };
const KB = 1024;

type Message = { content: string; file_name: string | null; path: string | null; type: string };

/** Every message of the company's tickets, as an agent reads them. */
async function messagesSeenBy(agent: { client: { get(url: string): Promise<{ body: any }> } }): Promise<Message[]> {
  const tickets = (await agent.client.get('/tickets')).body as { ticketid: string }[];
  const chats = await Promise.all(tickets.map((t) => agent.client.get(`/${t.ticketid}/0/chat`)));
  return chats.flatMap((c) => c.body.sections.flatMap((s: { messages: Message[] }) => s.messages));
}

describe('Telegram', () => {
  let world: World;
  beforeAll(async () => {
    world = await startTelegramWorld('webhook', QUOTAS);
  });
  afterAll(async () => world?.close());

  it('a client over their day gets their message through as a placeholder; an .exe is kept, served as a download', async () => {
    const home = await companyWithBot(world);
    const agent = await home.addAgent();
    const chatId = 4_400_001;
    const send = async (fileId: string, bytes: Buffer, name: string, caption: string) => {
      world.fake.addFile(home.bot.token, { file_id: fileId, bytes, file_path: `documents/${name}` });
      await deliver(
        world,
        home.bot,
        documentUpdate({
          updateId: world.fake.nextUpdateId(home.bot.token),
          chatId,
          file_id: fileId,
          file_name: name,
          mime_type: 'application/octet-stream',
          file_size: bytes.length,
          caption,
        }),
      );
      const found = (await messagesSeenBy(agent)).filter((m) => m.content === caption);
      expect(found).toHaveLength(1);
      return found[0]!;
    };

    const first = await send('one', Buffer.alloc(700 * KB, 'a'), 'one.txt', 'first file');
    expect(first).toMatchObject({ type: 'document', file_name: 'one.txt' });
    expect(first.path).toBeTruthy();
    const second = await send('two', Buffer.alloc(700 * KB, 'b'), 'two.txt', 'second file');
    expect(second).toMatchObject({ type: 'document', file_name: 'Filesize too large!' });
    expect(second.path ?? null).toBeNull();

    // A type the chat does not carry is the client's message all the same: stored, never shown inline.
    const exe = await send('exe', Buffer.concat([Buffer.from('MZ'), randomBytes(1_000)]), 'tool.exe', 'an exe');
    expect(exe).toMatchObject({ type: 'document', file_name: 'tool.exe' });
    const opened = await world.t.services.storage.open(home.company.id, exe.path!.slice('/files/'.length));
    expect(opened).toMatchObject({ mime: 'application/x-msdownload', inline: false });

    const rows = await world.t.database.db
      .select({ bytes: fileUsage.bytes, senderRef: fileUsage.senderRef, channelRef: fileUsage.channelRef })
      .from(fileUsage)
      .where(eq(fileUsage.companyId, home.company.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.senderRef === `telegram:${chatId}`)).toBe(true);
  });
});

describe('WhatsApp', () => {
  let world: WhatsAppWorld;
  beforeAll(async () => {
    world = await startWhatsAppWorld(QUOTAS);
  });
  afterAll(async () => world?.close());

  it('a number over its day: the next client’s file arrives as a placeholder', async () => {
    const home = await companyWithNumber(world);
    const agent = await home.addAgent();
    const sendFrom = async (waId: string, caption: string) => {
      const media = world.fake.addMedia(Buffer.alloc(900 * KB, caption), 'text/plain', {
        phoneNumberId: home.business.phoneNumberId,
      });
      await clientSays(world, home.business, {
        ...documentMessage({ from: waId, media: world.fake.mediaRef(media), filename: `${caption}.txt`, caption }),
        id: `wamid.${caption}`,
      });
      const found = (await messagesSeenBy(agent)).filter((m) => m.content === caption);
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    expect(await sendFrom('447700900001', 'alpha')).toMatchObject({ file_name: 'alpha.txt' });
    expect(await sendFrom('447700900002', 'bravo')).toMatchObject({ file_name: 'bravo.txt' });
    // 2.7 MB would be over the number's 2 MB day, though this client sent nothing yet.
    const third = await sendFrom('447700900003', 'charlie');
    expect(third).toMatchObject({ type: 'document', file_name: 'Filesize too large!' });
    expect(third.path ?? null).toBeNull();
  });
});
