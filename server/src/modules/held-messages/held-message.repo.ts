import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { heldMessages } from '../../db/schema';
import type { InboundMessage } from '../inbound-updates';

/**
 * `held_messages`: what a new client wrote before choosing a department (when the desk asks for one), held until they
 * choose — client-messages holds and takes them; an erasure drops them and the client's export reads them.
 */
export const heldMessageRepo = {
  async hasHeld(tx: Tx, clientId: string) {
    const [row] = await tx
      .select({ id: heldMessages.id })
      .from(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .limit(1);
    return Boolean(row);
  },

  /** When the client's first held message was written (their wait starts there), if any is held. */
  async oldestHeldAt(tx: Tx, clientId: string): Promise<Date | null> {
    const [row] = await tx
      .select({ message: heldMessages.message })
      .from(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .orderBy(asc(heldMessages.seq))
      .limit(1);
    const sentAt = (row?.message as { sentAt?: string } | undefined)?.sentAt;
    return sentAt ? new Date(sentAt) : null;
  },

  async hold(tx: Tx, values: typeof heldMessages.$inferInsert) {
    await tx.insert(heldMessages).values(values);
  },

  /** The client's held messages in arrival order, left in place (the client's export reads them). */
  heldOf(tx: Tx, clientId: string) {
    return tx
      .select({ id: heldMessages.id, platform: heldMessages.platform, message: heldMessages.message })
      .from(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .orderBy(asc(heldMessages.seq));
  },

  /**
   * Deletes the client's held messages (an erasure), answering the storage keys of the files they carried, for the
   * caller to remove once the transaction has committed.
   */
  async dropHeld(tx: Tx, clientId: string): Promise<string[]> {
    const rows = await tx
      .delete(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .returning({ message: heldMessages.message });
    return rows.flatMap(({ message }) => {
      const content = (message as Partial<InboundMessage>).content;
      if (!content || !('file' in content) || 'tooLarge' in content.file) return [];
      return [content.file.key, content.file.thumbnailKey].filter((key): key is string => Boolean(key));
    });
  },

  /** The client's held messages in arrival order, removed as they are taken. */
  async takeHeld(tx: Tx, clientId: string) {
    const rows = await tx
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.clientId, clientId))
      .orderBy(asc(heldMessages.seq));
    await tx.delete(heldMessages).where(eq(heldMessages.clientId, clientId));
    return rows;
  },
};
