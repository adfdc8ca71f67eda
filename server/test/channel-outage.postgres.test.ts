import { describe, expect, it } from 'vitest';
import { eventually } from './harness';
import { startOutboxDeployment, type Chat } from './outbox-deployment';

const OUTAGE_MS = 10_000;
/** The agents' pace while Telegram is down (the issue saw one reply every 1.2 s; this is faster). */
const REPLY_EVERY_MS = 300;

// Real server processes over one PostgreSQL database: this file runs in the PostgreSQL project only.
describe('a channel API down for a while', () => {
  it('502s, then dropped connections, while replies keep coming to several chats: shown sending, all delivered after the restore, each chat in order, none doubled; past the give-up time, failed with Retry', async () => {
    const d = await startOutboxDeployment({ chats: 3 });
    try {
      // "Minutes" compressed: backoff capped at 2 s (60 s by default).
      const server = await d.spawn({ OUTBOX_MAX_BACKOFF_MS: '2000', OUTBOX_GIVE_UP_MS: '60000' });
      const agent = await d.agentOn(server);
      const expected = new Map<Chat, string[]>(d.chats.map((c) => [c, []]));
      const written: { chat: Chat; messageid: string }[] = [];

      d.fake.setOutage('badGateway');
      const downAt = Date.now();
      for (let i = 0; Date.now() - downAt < OUTAGE_MS; i++) {
        if (Date.now() - downAt >= OUTAGE_MS / 2) d.fake.setOutage('drop');
        const chat = d.chats[i % d.chats.length]!;
        written.push({ chat, messageid: await agent.reply(chat, `r${i}`) });
        expected.get(chat)!.push(`r${i}`);
        await new Promise((r) => setTimeout(r, REPLY_EVERY_MS));
      }
      // Nothing got through; the agent sees every reply as still being sent, none failed.
      expect(d.fake.calls(d.bot.token, 'sendMessage')).toEqual([]);
      for (const { chat, messageid } of written) {
        expect((await agent.message(chat, messageid)).delivery_status).toBe('pending');
      }

      d.fake.setOutage(undefined);
      const backAt = Date.now();
      await eventually(async () => {
        const statuses = await d.statuses();
        return statuses.length === written.length && statuses.every((s) => s === 'sent');
      }, 20_000);
      const doneAt = Date.now();
      for (const chat of d.chats) expect(d.received(chat)).toEqual(expected.get(chat));
      console.info(
        `channel outage: ${written.length} replies to ${d.chats.length} chats during ${OUTAGE_MS} ms down ` +
          `(502, then dropped connections); all delivered in order ${doneAt - backAt} ms after the API came back ` +
          '(backoff cap 2 s)',
      );
      await server.stop();

      // The give-up time (4 s here, an hour by default) passes while Telegram is still down.
      const impatient = await d.spawn({ OUTBOX_MAX_BACKOFF_MS: '1000', OUTBOX_GIVE_UP_MS: '4000' });
      const again = await d.agentOn(impatient);
      const [chat] = d.chats;
      d.fake.setOutage('drop');
      const queuedAt = Date.now();
      const late = await again.reply(chat!, 'too late');
      expect((await again.message(chat!, late)).delivery_status).toBe('pending');
      const failed = await eventually(async () => {
        const shown = await again.message(chat!, late);
        return shown.delivery_status === 'failed' ? shown : undefined;
      }, 15_000);
      const failedAfter = Date.now() - queuedAt;
      expect(failed.delivery_failure).toBe('unreachable');
      expect(failedAfter).toBeGreaterThanOrEqual(4_000);

      d.fake.setOutage(undefined);
      expect((await again.retry(late)).message.delivery_status).toBe('pending');
      await eventually(async () => (await again.message(chat!, late)).delivery_status === 'sent', 10_000);
      expect(d.received(chat!).at(-1)).toBe('too late');
      console.info(`channel outage: a reply queued while down was failed ${failedAfter} ms later (give-up 4 s)`);
      await impatient.stop();
    } finally {
      d.fake.setOutage(undefined);
      await d.close();
    }
  }, 90_000);
});
