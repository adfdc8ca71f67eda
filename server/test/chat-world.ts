/** A ticket with a chat of many messages, written the way a channel writes them (intake), fast in bulk. */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { messages } from '../src/db/schema';
import type { TestApp } from './harness';

const MINUTE = 60_000;

/**
 * A Telegram client opens a ticket with `texts[0]` through intake; the other texts follow one minute apart as
 * rows of the same ticket (inserted in one statement: intake per message would make long chats slow to build).
 * Returns the ticket id and the messages' ids, oldest first.
 */
export async function ticketWithChat(t: TestApp, companyId: string, texts: string[], clientName = 'Ivan Petrov') {
  const [first, ...rest] = texts;
  if (first === undefined) throw new Error('a chat needs a first message');
  const outcome = await t.services.intake.receive(
    {
      companyId,
      platform: 'telegram',
      channelRef: 'test-bot',
      client: { externalId: randomUUID(), name: clientName, language: 'en' },
    },
    { externalId: randomUUID(), sentAt: t.clock.now(), content: { type: 'text', text: first } },
  );
  if (outcome.outcome !== 'appended') throw new Error(`intake answered ${outcome.outcome}`);
  const ticketId = outcome.ticketId;
  const start = t.clock.now().getTime();
  const rows =
    rest.length === 0
      ? []
      : await t.database.db
          .insert(messages)
          .values(
            rest.map((content, i) => ({
              companyId,
              ticketId,
              type: 'text' as const,
              content,
              createdAt: new Date(start + (i + 1) * MINUTE),
            })),
          )
          .returning({ id: messages.id, seq: messages.seq });
  t.clock.advance((rest.length + 1) * MINUTE);
  const [opening] = await t.database.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.ticketId, ticketId))
    .orderBy(asc(messages.seq))
    .limit(1);
  return { ticketId, messageIds: [opening!.id, ...rows.map((r) => r.id)] };
}
