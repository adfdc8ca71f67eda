import { useCallback, useState } from 'react';
import type { Notification, PrivateChatPeer } from '@kreechat/contract';
import { useColleague, usePresenceLiveUpdates } from '@/features/colleagues';
import { useNotificationsInbox } from '@/features/notifications';
import { usePrivateChatLive } from '@/features/private-chat';
import { focusReplyBox, type WorkspaceView } from '@/features/workspace';
import type { WorkspaceSocket } from '@/lib/socket';

/**
 * Colleagues, private chat and the inbox (SPEC §2): the sidebar opens a chat; a notification opens what it is about.
 * A notification's ticket opens wherever it is (the chat pane says so when the viewer may not see it); a note the
 * viewer was mentioned in opens its ticket with the composer in Note mode, the box focused: the ticket is often a
 * colleague's, and Reply closed to them.
 */
export function useWorkspacePeople(
  socket: WorkspaceSocket | null,
  viewerId: string,
  { openChat, setView }: { openChat: (ticketid: string) => void; setView: (view: WorkspaceView) => void },
) {
  const [chatPeer, setChatPeer] = useState<PrivateChatPeer | null>(null);
  const chatColleague = useColleague(chatPeer?.id ?? null);
  usePresenceLiveUpdates(socket);
  const privateChat = usePrivateChatLive(socket, viewerId, chatPeer?.id ?? null);
  const markChatRead = privateChat.markRead;
  const inbox = useNotificationsInbox(socket);
  const openPrivateChat = useCallback(
    (peer: PrivateChatPeer) => {
      setChatPeer(peer);
      markChatRead(peer.id);
      // The chat is docked in the colleagues column: on the narrow layout, that is the Colleagues view.
      setView('colleagues');
    },
    [markChatRead, setView],
  );
  const [noteOpenFor, setNoteOpenFor] = useState<string | null>(null);
  const openTicketById = (ticketid: string, opening: { note: boolean }) => {
    setNoteOpenFor(opening.note ? ticketid : null);
    openChat(ticketid);
    if (opening.note) focusReplyBox();
    return true;
  };
  const openChatOf = (notification: Notification) => {
    if (!notification.senderid) return;
    openPrivateChat({ id: notification.senderid, firstName: notification.name, lastName: '', profile_pic: null });
  };
  return {
    chatPeer,
    closeChat: () => setChatPeer(null),
    chatColleague,
    privateChat,
    inbox,
    openPrivateChat,
    openTicketById,
    openChatOf,
    noteOpenFor,
  };
}
