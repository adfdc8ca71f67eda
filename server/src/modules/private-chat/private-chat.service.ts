import {
  CHAT_WITH_SELF,
  COLLEAGUE_NOT_FOUND,
  PRIVATE_CHAT_PAGE_SIZE,
  type CreatePrivateMessageBody,
  type PrivateChatPeer,
  type PrivateChatResponse,
  type PrivateMessage,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import { fileUrl } from '../../files/storage';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { EventPublisher } from '../../platform/events';
import type { AgentService } from '../agents';
import { sectionsByDay } from '../../platform/day-sections';
import { privateChatRepo, toPrivateMessage } from './private-chat.repo';

export type PrivateChatService = ReturnType<typeof createPrivateChatService>;

const peerOf = (user: { id: string; firstName: string; lastName: string; profilePic: string | null }) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  profile_pic: fileUrl(user.profilePic),
});

/**
 * Private chats between two colleagues of one company (SPEC §2 private chat panel). A colleague is looked up inside
 * the caller's company, so another company's user is 404; nobody chats with themselves. A pair has one chat,
 * created by its first message. Messages go live to both members' sockets after the commit.
 */
export function createPrivateChatService(deps: { db: Db; clock: Clock; events: EventPublisher; agents: AgentService }) {
  const { db, clock, events, agents } = deps;

  async function colleague(viewer: Principal, userId: string, options: { enabled: boolean }, tx: Tx = db) {
    if (userId === viewer.userId) throw new ValidationError(CHAT_WITH_SELF);
    const user = await agents.findInCompany(viewer.companyId, userId, tx);
    // A disabled colleague's history stays readable; nobody can write to them.
    if (!user || (options.enabled && user.disabledAt)) throw new NotFoundError(COLLEAGUE_NOT_FOUND);
    return user;
  }

  return {
    /** The chat with a colleague, newest page first in day sections; `before` pages back by `seq`. */
    async history(
      viewer: Principal,
      userId: string,
      before: number | undefined,
      timeZone?: string,
    ): Promise<PrivateChatResponse> {
      const peer = peerOf(await colleague(viewer, userId, { enabled: false }));
      const chatid = (await privateChatRepo.chatIdOf(db, viewer.companyId, viewer.userId, userId)) ?? null;
      const page = chatid ? await privateChatRepo.page(db, chatid, before ?? null, PRIVATE_CHAT_PAGE_SIZE + 1) : [];
      const more = page.length > PRIVATE_CHAT_PAGE_SIZE;
      const rows = more ? page.slice(1) : page;
      const sections = sectionsByDay(rows.map(toPrivateMessage), timeZone).map(({ date, items }) => ({
        date,
        messages: items,
      }));
      return { chatid, sections, nextCursor: more ? rows[0]!.seq : null, peer };
    },

    /** Sends a text to a colleague (an enabled user of the company), making the pair's chat on the first one. */
    async send(viewer: Principal, body: CreatePrivateMessageBody): Promise<PrivateMessage> {
      const { message, sender } = await db.transaction(async (tx) => {
        await colleague(viewer, body.receiverid, { enabled: true }, tx);
        const sender = (await agents.findInCompany(viewer.companyId, viewer.userId, tx))!;
        const now = clock.now();
        const chatId = await privateChatRepo.ensureChat(tx, viewer.companyId, viewer.userId, body.receiverid, now);
        const row = await privateChatRepo.insertMessage(tx, {
          companyId: viewer.companyId,
          chatId,
          senderId: viewer.userId,
          receiverId: body.receiverid,
          type: body.type,
          content: body.content,
          createdAt: now,
        });
        return { message: toPrivateMessage(row), sender: peerOf(sender) };
      });
      const payload: { message: PrivateMessage; sender: PrivateChatPeer } = { message, sender };
      events.toUser(body.receiverid, 'newPrivateMessage', payload);
      events.toUser(viewer.userId, 'newPrivateMessage', payload);
      return message;
    },

    /** The pair's chat id, if they have written. */
    chatIdOf: (companyId: string, one: string, other: string) => privateChatRepo.chatIdOf(db, companyId, one, other),
  };
}
