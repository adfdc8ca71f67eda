import { BUBBLE_NOT_FOUND, BUBBLES_LIMIT, type Bubble, type BubbleBody } from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { NotFoundError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import { bubbleRepo, type BubbleOwner } from './bubble.repo';

export type BubbleService = ReturnType<typeof createBubbleService>;

/**
 * An agent's own canned replies (SPEC §2 Bubbles manager). Every call is scoped to one owner (company and user):
 * a colleague's or another company's bubble id is 404, never 403, so ids leak nothing. Each write is one
 * statement, committed before its event goes to the owner's own sockets (their other tabs) and nobody else's.
 */
export function createBubbleService(deps: { db: Db; clock: Clock; events: EventPublisher }) {
  const { db, clock, events } = deps;

  return {
    /** Deletes all of the owner's bubbles, inside the caller's transaction (an agent's erasure; no event: gone). */
    deleteAllOf: (owner: BubbleOwner, tx: Tx = db) => bubbleRepo.deleteAll(tx, owner),

    /** The owner's bubbles, newest first, at most {@link BUBBLES_LIMIT}. */
    list: (owner: BubbleOwner): Promise<Bubble[]> => bubbleRepo.list(db, owner, BUBBLES_LIMIT),

    async create(owner: BubbleOwner, body: BubbleBody): Promise<Bubble> {
      const bubble = await bubbleRepo.insert(db, owner, { ...body, now: clock.now() });
      events.toUser(owner.userId, 'newBubble', { bubble });
      return bubble;
    },

    async edit(owner: BubbleOwner, id: string, body: BubbleBody): Promise<Bubble> {
      const bubble = await bubbleRepo.update(db, owner, id, { ...body, now: clock.now() });
      if (!bubble) throw new NotFoundError(BUBBLE_NOT_FOUND);
      events.toUser(owner.userId, 'updateBubble', { bubble });
      return bubble;
    },

    async delete(owner: BubbleOwner, id: string): Promise<void> {
      if (!(await bubbleRepo.delete(db, owner, id))) throw new NotFoundError(BUBBLE_NOT_FOUND);
      events.toUser(owner.userId, 'deleteBubble', { bubbleid: id });
    },
  };
}
