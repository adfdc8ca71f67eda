import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  seesAllDepartments,
  type Client,
  type Notification,
  type PrivateChatPeer,
  type Ticket,
} from '@kreechat/contract';
import { BubblesPicker, useBubbleLiveUpdates } from '@/features/bubbles';
import { useClientPanelLive } from '@/features/client-panel/live';
import { lazyComponent } from '@/lib/lazy-component';
import { preloadDialogs } from '@/components/lazy-dialogs';
import { ChatPane, preloadChatPane, useChatLiveUpdates, type ComposerTools } from '@/features/chat';
import { ColleagueList, useColleague, usePresenceLiveUpdates } from '@/features/colleagues';
import {
  ClearNotificationsButton,
  NotificationBanner,
  NotificationsPanel,
  useNotificationsInbox,
} from '@/features/notifications';
import { PrivateChatPanel, usePrivateChatLive } from '@/features/private-chat';
import {
  AcceptTicketButton,
  CLOSED_SEARCH_ID,
  ClosedTickets,
  CloseTicketButton,
  filtersFor,
  flattenPages,
  isVisibleTo,
  neighbour,
  OpenTickets,
  openTicketsOf,
  PENDING_SEARCH_ID,
  ReassignTicketButton,
  showClientChange,
  TICKET_FILTER_ID_PREFIX,
  TicketFilterTabs,
  TicketSearchBox,
  TicketSearchToggle,
  useOpenTicketCounts,
  openTicketsQueryKey,
  rememberTicket,
  closedTicketsQueryKey,
  TicketsUnreadMark,
  useTicket,
  useTicketFromLists,
  useTicketLiveUpdates,
  useTicketSearch,
  useMarkTicketRead,
  type ClosedTicketPages,
  type TicketFilter,
} from '@/features/tickets';
import {
  ChatUnavailable,
  focusReplyBox,
  focusTicketList,
  pressShortcutTarget,
  profilePath,
  ShortcutsSheet,
  useWorkspaceShortcuts,
  WorkspaceShell,
  type WorkspaceView,
} from '@/features/workspace';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { CHAT_ROUTE, chatPath, messageIdOf } from '@/lib/chat-address';
import { isTicketId } from '@/lib/ticket-id';
import { useMyDepartment, useSession, type Viewer } from '@/lib/session';
import { useRefreshOnAccessChange, useWorkspaceSocket } from '@/lib/socket';
import { useIsNarrow } from '@/lib/use-media-query';

/**
 * `/`: the workspace (SPEC §2), and `/tickets/{ticketid}` with that chat open. Composes the ticket lists, the chat and
 * the live connection inside the shell: selecting a ticket moves to its chat's address (lib/chat-address.ts; the Chat
 * tab on the narrow layout), and the chat shown clears its unread mark.
 */
// The client panel shows inside the chat, which is fetched after the first screen: so is the panel.
const ClientPanel = lazyComponent(() => import('@/features/client-panel').then((m) => m.ClientPanel));
// An admin's way to the first-run checklist shows only under an empty list: its code is fetched then.
const ChecklistCard = lazyComponent(() => import('@/features/onboarding').then((m) => m.ChecklistCard));

export function WorkspaceRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const department = useMyDepartment();
  const socket = useWorkspaceSocket();
  useRefreshOnAccessChange(socket);
  // The open chat is the address's: a reload, Back and Forward and a shared link show the same one.
  const navigate = useNavigate();
  const { hash } = useLocation();
  const selectedId = useMatch(CHAT_ROUTE)?.params.ticketid ?? null;
  const jumpTarget = messageIdOf(hash);
  const [view, setView] = useState<WorkspaceView>(selectedId ? 'chat' : 'tickets');
  // A chat the address opens shows on the narrow layout; without one (Back from a chat) the list shows again.
  const [viewOf, setViewOf] = useState(selectedId);
  if (viewOf !== selectedId) {
    setViewOf(selectedId);
    setView((shown) => (selectedId ? 'chat' : shown === 'chat' ? 'tickets' : shown));
  }
  const [filter, setFilter] = useState<TicketFilter>('pending');

  const viewer = useMemo<Viewer>(() => {
    const canSeeAll = seesAllDepartments(session.role);
    return {
      id: session.id,
      username: session.username,
      role: session.role,
      canSeeAll,
      departmentId: department.isPending ? undefined : (department.data?.departmentid ?? null),
    };
  }, [session.id, session.username, session.role, department.isPending, department.data]);

  // The chat's code is not needed for the first screen; fetch it right after, before the first ticket is opened.
  useEffect(preloadChatPane, []);
  useEffect(ClientPanel.preload, []);
  // The dialogs' code (reassign, close, shortcuts) follows once the first screen is up.
  useEffect(preloadDialogs, []);

  const closedScope = viewer.canSeeAll ? 'all' : viewer.departmentId;
  const fromLists = useTicketFromLists(selectedId, closedScope);
  // A ticket no loaded list holds (a reload, a link, a found closed ticket) is asked for: 404 when not the viewer's.
  const linked = useTicket(selectedId, fromLists === undefined);
  const current = fromLists ?? linked.data;
  const markRead = useMarkTicketRead();
  // The route reads the lists' counts only: a message in a listed ticket re-renders the list, not the workspace.
  const counts = useOpenTicketCounts(viewer.id);
  const queryClient = useQueryClient();
  const openList = useCallback(() => queryClient.getQueryData<Ticket[]>(openTicketsQueryKey), [queryClient]);
  const pendingSearch = useTicketSearch();
  const closedSearch = useTicketSearch();

  // The open ticket's copy follows its events; moved to a department the viewer does not see, it leaves their
  // screen as it left their lists.
  const onTicket = useCallback(
    (ticket: Ticket) => {
      if (ticket.ticketid !== selectedId) return;
      if (isVisibleTo(ticket, viewer)) rememberTicket(queryClient, ticket);
      else void navigate('/', { replace: true });
    },
    [viewer, selectedId, queryClient, navigate],
  );
  // On the narrow layout the chat is read only while its tab shows; meanwhile its messages count as unread.
  const narrow = useIsNarrow();
  const chatShown = !narrow || view === 'chat';
  // The lists follow a client's new details themselves; the copy of a ticket outside them is followed here.
  const linkedTicket = linked.data;
  const onClient = useCallback(
    (client: Client) => {
      if (linkedTicket?.clientid !== client.clientid) return;
      const { account_number, client_name } = client;
      rememberTicket(queryClient, { ...linkedTicket, account_number, client_name });
    },
    [linkedTicket, queryClient],
  );
  useTicketLiveUpdates(socket, { viewer, openTicketId: chatShown ? selectedId : null, onTicket, onClient });
  useChatLiveUpdates(socket, viewer.id);
  // The composer's bubbles picker stays current while the workspace is open.
  useBubbleLiveUpdates(socket);
  const bubblesHref = `${profilePath(session.username)}/bubbles`;
  const composerTools = useCallback<ComposerTools>(
    (insert, disabled) => <BubblesPicker onInsert={insert} manageHref={bubblesHref} disabled={disabled} />,
    [bubblesHref],
  );

  // Opening another chat adds its address to the history: Back shows the chat before (on a phone, the list).
  const openChat = useCallback(
    (ticketid: string) => {
      setView('chat');
      if (ticketid !== selectedId) void navigate(chatPath(ticketid));
    },
    [selectedId, navigate],
  );
  const select = useCallback(
    (ticket: Ticket) => {
      rememberTicket(queryClient, ticket);
      openChat(ticket.ticketid);
    },
    [queryClient, openChat],
  );
  // A jump to a message (search, pins) names it in the address, without a history entry of its own.
  const showMessage = useCallback(
    (messageid: string | null) => {
      if (selectedId) void navigate(chatPath(selectedId, messageid), { replace: true });
    },
    [selectedId, navigate],
  );
  // However the chat came to show (a click, Back or Forward, a reload, the Chat tab), its messages are read.
  useEffect(() => {
    if (selectedId && chatShown) markRead(selectedId);
  }, [selectedId, chatShown, markRead]);

  // The number set from the chat shows from the answer at once; clientUpdated brings it (and renames) to the rest.
  const onClientUpdated = useCallback(
    (client: Client) => {
      showClientChange(queryClient, client);
      onClient(client);
    },
    [queryClient, onClient],
  );

  const onReassigned = useCallback(
    (ticket: Ticket) => {
      onTicket(ticket);
      if (!isVisibleTo(ticket, viewer)) setView('tickets');
    },
    [viewer, onTicket],
  );

  // Colleagues, private chat and the inbox (SPEC §2): the sidebar opens a chat; a notification opens what it is about.
  const [chatPeer, setChatPeer] = useState<PrivateChatPeer | null>(null);
  const chatColleague = useColleague(chatPeer?.id ?? null);
  usePresenceLiveUpdates(socket);
  const privateChat = usePrivateChatLive(socket, viewer.id, chatPeer?.id ?? null);
  const markChatRead = privateChat.markRead;
  const inbox = useNotificationsInbox(socket);
  const openPrivateChat = useCallback(
    (peer: PrivateChatPeer) => {
      setChatPeer(peer);
      markChatRead(peer.id);
      // The chat is docked in the colleagues column: on the narrow layout, that is the Colleagues view.
      setView('colleagues');
    },
    [markChatRead],
  );
  // A notification's ticket opens wherever it is; the chat pane says so when the viewer may not see it.
  // A note the viewer was mentioned in opens its ticket with the composer in Note mode, the box focused: the ticket
  // is often a colleague's, and Reply closed to them.
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

  // Accept (on a card or in the chat header) opens that chat and puts the cursor in its reply box.
  const onAccepted = useCallback(
    (ticket: Ticket) => {
      select(ticket);
      focusReplyBox();
    },
    [select],
  );

  // The one ticket list: its filters, what each holds, and the order `j`/`k` walk.
  const filters = filtersFor(viewer.canSeeAll);
  // The order `j`/`k` walk, read when the key is pressed (sorting on every live event would be wasted work).
  const listed = () => {
    if (filter !== 'closed') return openTicketsOf(openList() ?? [], filter, viewer.id);
    const pages = closedScope
      ? queryClient.getQueryData<ClosedTicketPages>(closedTicketsQueryKey(closedScope))
      : undefined;
    return flattenPages(pages?.pages ?? []);
  };
  const search = filter === 'closed' ? closedSearch : pendingSearch;
  const searchId = filter === 'closed' ? CLOSED_SEARCH_ID : PENDING_SEARCH_ID;
  const showFilter = (next: TicketFilter) => {
    if (!filters.includes(next)) return;
    setFilter(next);
    setView('tickets');
    focusTicketList(`${TICKET_FILTER_ID_PREFIX}-panel-${next}`);
  };
  // The open search found nothing but closed tickets match: the Closed list, searching the same keyword.
  const showClosedMatches = (keyword: string) => {
    closedSearch.show(keyword);
    showFilter('closed');
  };

  useClientPanelLive(socket);

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
  // An address whose ticket is not shown: loading, not the viewer's (404, or an id that names no ticket), or failed.
  const unavailable =
    selectedId && !current ? (
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
    ) : undefined;

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useWorkspaceShortcuts({
    next: () => {
      const ticket = neighbour(listed(), selectedId, 1);
      if (ticket) select(ticket);
    },
    previous: () => {
      const ticket = neighbour(listed(), selectedId, -1);
      if (ticket) select(ticket);
    },
    accept: () => pressShortcutTarget('accept'),
    reply: () => focusReplyBox(0),
    close: () => pressShortcutTarget('close'),
    reassign: () => pressShortcutTarget('reassign'),
    pins: () => pressShortcutTarget('pins'),
    clientPanel: () => pressShortcutTarget('client-panel'),
    search: () => {
      setView('tickets');
      if (!search.open) search.toggle();
      else document.querySelector<HTMLInputElement>(`#${searchId} input`)?.focus();
    },
    pending: () => showFilter('pending'),
    mine: () => showFilter('mine'),
    all: () => showFilter('all'),
    closed: () => showFilter('closed'),
    help: () => setShortcutsOpen(true),
  });

  return (
    <>
      <WorkspaceShell
        unreadCount={inbox.count}
        inbox={{
          open: inbox.open,
          onOpenChange: inbox.setOpen,
          actions: <ClearNotificationsButton />,
          panel: (
            <NotificationsPanel
              onOpenTicket={openTicketById}
              onOpenChat={openChatOf}
              onDone={() => inbox.setOpen(false)}
            />
          ),
        }}
        colleagues={
          <ColleagueList openId={chatPeer?.id ?? null} unread={privateChat.unread} onOpen={openPrivateChat} />
        }
        colleagueChat={
          chatPeer && (
            <Suspense fallback={null}>
              <PrivateChatPanel
                key={chatPeer.id}
                peer={{ ...chatPeer, ...chatColleague }}
                viewerId={viewer.id}
                onClose={() => setChatPeer(null)}
              />
            </Suspense>
          )
        }
        colleaguesUnread={privateChat.unread.size}
        ticketsTitle={t(`tickets.filterTitle.${filter}`)}
        ticketsCount={filter === 'closed' ? undefined : counts?.[filter]}
        pendingCount={counts?.pending ?? 0}
        ticketsUnreadMark={<TicketsUnreadMark />}
        ticketsToolbar={
          <>
            <TicketFilterTabs filters={filters} selected={filter} onSelect={setFilter} counts={counts} />
            {search.open && (
              <TicketSearchBox
                key={searchId}
                id={searchId}
                search={search}
                label={filter === 'closed' ? t('ticketSearch.closedLabel') : t('ticketSearch.openLabel')}
              />
            )}
          </>
        }
        ticketsBodyProps={{
          id: `${TICKET_FILTER_ID_PREFIX}-panel-${filter}`,
          role: 'tabpanel',
          'aria-labelledby': `${TICKET_FILTER_ID_PREFIX}-tab-${filter}`,
        }}
        tickets={
          filter === 'closed' ? (
            <ClosedTickets
              viewer={viewer}
              search={closedSearch}
              scope={closedScope}
              selectedId={selectedId}
              onSelect={select}
              labelledBy="tickets-title"
            />
          ) : (
            <OpenTickets
              viewer={viewer}
              filter={filter}
              search={pendingSearch}
              onShowClosed={showClosedMatches}
              selectedId={selectedId}
              onSelect={select}
              onAccepted={onAccepted}
              labelledBy="tickets-title"
              emptyAction={
                session.isAdmin && (
                  <Suspense fallback={null}>
                    <ChecklistCard />
                  </Suspense>
                )
              }
            />
          )
        }
        ticketsActions={<TicketSearchToggle search={search} controls={searchId} />}
        chat={chat ?? unavailable}
        view={view}
        onViewChange={setView}
        onShowShortcuts={() => setShortcutsOpen(true)}
      />
      <NotificationBanner notification={inbox.banner} />
      <ShortcutsSheet open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </>
  );
}
