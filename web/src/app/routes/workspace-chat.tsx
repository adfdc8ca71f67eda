import { Suspense, useCallback, useMemo, type ReactNode } from 'react';
import type { Client, Ticket } from '@kreechat/contract';
import { BubblesPicker } from '@/features/bubbles';
import { ChatPane, type ComposerTools } from '@/features/chat';
import { AcceptTicketButton, CloseTicketButton, ReassignTicketButton } from '@/features/tickets';
import { ChatUnavailable, profilePath } from '@/features/workspace';
import { isApiError } from '@/lib/api-client';
import { lazyComponent } from '@/lib/lazy-component';
import type { Viewer } from '@/lib/session';
import { isTicketId } from '@/lib/ticket-id';

// The client panel shows inside the chat, which is fetched after the first screen: so is the panel.
export const ClientPanel = lazyComponent(() => import('@/features/client-panel').then((m) => m.ClientPanel));

export interface WorkspaceChatInputs {
  /** The ticket the address names (`/tickets/{ticketid}`), null without one. */
  selectedId: string | null;
  /** That ticket, once a loaded list or its own request holds it. */
  current: Ticket | undefined;
  /** Its own request, for a ticket no loaded list holds: why it does not show yet, and asking again. */
  linked: { error: unknown; isError: boolean; refetch: () => unknown };
  viewer: Viewer;
  username: string;
  onAccepted: (ticket: Ticket) => void;
  onReassigned: (ticket: Ticket) => void;
  onTicket: (ticket: Ticket) => void;
  openChat: (ticketid: string) => void;
  onClientUpdated: (client: Client) => void;
  /** The message the address's hash names. */
  jumpTarget: string | null;
  showMessage: (messageid: string | null) => void;
  /** The ticket whose composer opens in Note mode (a note the viewer was mentioned in). */
  noteOpenFor: string | null;
}

/**
 * The workspace's chat column: the open ticket's chat with its actions, client panel and bubbles, or, for an address
 * whose ticket is not shown, why (loading, not the viewer's — a 404, or an id that names no ticket — or failed).
 */
export function useWorkspaceChat({
  selectedId,
  current,
  linked,
  viewer,
  username,
  onAccepted,
  onReassigned,
  onTicket,
  openChat,
  onClientUpdated,
  jumpTarget,
  showMessage,
  noteOpenFor,
}: WorkspaceChatInputs): ReactNode {
  const bubblesHref = `${profilePath(username)}/bubbles`;
  const composerTools = useCallback<ComposerTools>(
    (insert, disabled) => <BubblesPicker onInsert={insert} manageHref={bubblesHref} disabled={disabled} />,
    [bubblesHref],
  );

  // The chat is built again only when its own inputs change, not on every list event (a busy desk gets a few a
  // second): React then skips the whole chat, its messages and composer included.
  const chat = useMemo(
    () =>
      current ? (
        <ChatPane
          key={current.ticketid}
          ticket={current}
          viewer={viewer}
          actions={
            <>
              <AcceptTicketButton ticket={current} onAccepted={onAccepted} />
              <ReassignTicketButton ticket={current} viewer={viewer} onReassigned={onReassigned} />
              <CloseTicketButton ticket={current} viewer={viewer} onClosed={onTicket} />
            </>
          }
          sidePanel={
            <Suspense fallback={null}>
              <ClientPanel
                clientid={current.clientid}
                currentTicketId={current.ticketid}
                onOpenTicket={openChat}
                embedded
              />
            </Suspense>
          }
          composerTools={composerTools}
          onClientUpdated={onClientUpdated}
          jumpTarget={jumpTarget}
          onJumpTargetChange={showMessage}
          composerMode={noteOpenFor === current.ticketid ? 'note' : 'reply'}
        />
      ) : undefined,
    [
      current,
      viewer,
      onAccepted,
      onReassigned,
      onTicket,
      openChat,
      composerTools,
      onClientUpdated,
      jumpTarget,
      showMessage,
      noteOpenFor,
    ],
  );
  if (chat || !selectedId) return chat;
  return (
    <ChatUnavailable
      state={
        !isTicketId(selectedId) || (isApiError(linked.error) && linked.error.status === 404)
          ? 'hidden'
          : linked.isError
            ? 'failed'
            : 'loading'
      }
      onRetry={() => void linked.refetch()}
    />
  );
}
