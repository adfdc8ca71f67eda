import { describe, expect, it } from 'vitest';
import { eventually } from './harness';
import { startOutboxDeployment, type Chat } from './outbox-deployment';

/** A chat's texts as Telegram took them, each message once, and whether they came in order (a re-send of the
 * message in flight at the kill comes right after the first copy, never after a later message). */
function inOrder(received: string[], expected: string[]) {
  const index = received.map((text) => expected.indexOf(text));
  return index.every((i, at) => i >= 0 && (at === 0 || i >= index[at - 1]!));
}

// Real server processes over one PostgreSQL database: this file runs in the PostgreSQL project only.
describe('crash mid-delivery', () => {
  it('SIGKILL while the outbox sends: after a restart every reply is delivered, each chat in order, duplicates at most the sends in flight at the kill', async () => {
    const PER_CHAT = 10;
    const LATENCY_MS = 500;
    const d = await startOutboxDeployment({ chats: 4 });
    try {
      // Telegram takes each message at once and answers LATENCY_MS later: a kill in between leaves a message
      // sent that the server never heard back about.
      d.fake.setLatency(LATENCY_MS);
      const first = await d.spawn();
      const agent = await d.agentOn(first);
      const expected = Array.from({ length: PER_CHAT }, (_, i) => `m${i}`);
      for (const text of expected) for (const chat of d.chats) await agent.reply(chat, text);
      const sends = () => d.fake.calls(d.bot.token, 'sendMessage');
      const inFlight = () => d.fake.inFlight().filter((c) => c.token === d.bot.token && c.method === 'sendmessage');
      await eventually(() => sends().length >= 12 && inFlight().length > 0, 20_000);

      const atKill = new Set(inFlight());
      const killedAt = Date.now();
      await first.kill();
      for (const call of inFlight()) atKill.add(call);
      const sentBeforeKill = sends().length;

      const second = await d.spawn();
      const upAt = Date.now();
      await eventually(() => sends().length > sentBeforeKill, 20_000);
      const resumedAt = Date.now();
      await eventually(async () => {
        const statuses = await d.statuses();
        return statuses.length === PER_CHAT * d.chats.length && statuses.every((s) => s === 'sent');
      }, 30_000);
      const doneAt = Date.now();

      const duplicates = sends().length - PER_CHAT * d.chats.length;
      for (const chat of d.chats as Chat[]) {
        const received = d.received(chat);
        expect(new Set(received)).toEqual(new Set(expected));
        expect(inOrder(received, expected), `chat ${chat.chatId}: ${received.join(' ')}`).toBe(true);
      }
      expect(atKill.size).toBeGreaterThan(0);
      expect(duplicates).toBeLessThanOrEqual(atKill.size);
      console.info(
        `outbox crash: ${atKill.size} sends in flight at the kill (each answered ${LATENCY_MS} ms after Telegram ` +
          `took it), ${duplicates} duplicate(s); restarted process healthy after ${upAt - killedAt} ms, first send ` +
          `${resumedAt - killedAt} ms after the kill, all ${PER_CHAT * d.chats.length} delivered ` +
          `${doneAt - killedAt} ms after the kill`,
      );
      await second.stop();
    } finally {
      await d.close();
    }
  }, 90_000);
});
