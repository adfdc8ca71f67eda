import { Suspense, useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Client, Message, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { usePopover } from '@/components/use-popover';
import { dayKey } from '@/lib/dates';
import { randomId } from '@/lib/ids';
import { lazyComponent } from '@/lib/lazy-component';
import type { Viewer } from '@/lib/session';
import { useChat } from '@/features/chat/api/get-chat';
import { usePins } from '@/features/chat/api/get-pins';
import { useRetryMessage } from '@/features/chat/api/retry-message';
import { useSendMessage } from '@/features/chat/api/send-message';
import { useFileDrop } from '@/features/chat/hooks/use-file-drop';
import { useMessageActions } from '@/features/chat/hooks/use-message-actions';
import { useServiceWindow } from '@/features/chat/hooks/use-service-window';
import { useSidePanel } from '@/features/chat/hooks/use-side-panel';
import { useJump } from '@/features/chat/hooks/use-jump';
import { useJumpAddress } from '@/features/chat/hooks/use-jump-address';
import { buildRows } from '@/features/chat/lib/chat-pages';
import { canEditClientNumber } from '@/features/chat/lib/client-number';
import { removeFromOutbox, useOutbox, type OutboxItem } from '@/features/chat/lib/outbox';
import { replyBlockerText } from '@/features/chat/lib/reply-blocker';
import { ChatHeader } from './ChatHeader';
import { ChatSidePanel } from './ChatSidePanel';
import { ChatToolToggles } from './ChatTools';
import { ChatSearch } from './ChatSearch';
import { ChatSkeleton } from './ChatSkeleton';
import { ClosedFooter, ratingOf } from './ClosedFooter';
import { Composer, type ComposerMode, type ComposerTools } from './Composer';
import { MessageList } from './MessageList';
import styles from './chat.module.css';
import toolStyles from './ChatTools.module.css';

// Opened on demand: fetched then, not with the workspace (bench/bundle-size.ts). Not the search box: it comes with
// the chat's code, so it takes the keys typed right after it is opened (fetched on first use, it took a third of a
// second and `p` of "pam" opened the pins).
const PinnedPanel = lazyComponent(() => import('./PinnedPanel').then((m) => m.PinnedPanel));
const MessageMenu = lazyComponent(() => import('./MessageMenu').then((m) => m.MessageMenu));

interface ChatPaneProps {
  ticket: Ticket;
  viewer: Viewer;
  /**
   * The ticket's actions (accept, reassign, close…), composed by the screen: in the header while the ticket is open,
   * in the closed footer once it is closed (where CloseTicketButton is the Reopen action).
   */
  actions?: ReactNode;
  /** The client's details (the screen's ClientPanel): beside the messages on wide screens, a drawer below. */
  sidePanel?: ReactNode;
  /** Extra composer buttons (the bubbles picker), composed by the screen. */
  composerTools?: ComposerTools;
  /** The client's account number was set from the header: the screen refreshes the lists it composed. */
  onClientUpdated?: (client: Client) => void;
  /** The message the chat's address names (`#m-…`): the chat opens there, highlighted, and jumps when it changes. */
  jumpTarget?: string | null;
  /** A jump (search, pins) or leaving it changed the message shown: the screen puts it in the address. */
  onJumpTargetChange?: (messageid: string | null) => void;
  /** The mode the composer opens in: Note when the viewer came from a note they were mentioned in. */
  composerMode?: ComposerMode;
}

/**
 * The chat of one ticket (SPEC §2 Chat pane): header, the day-grouped messages and the composer. Mount it with
 * `key={ticketid}` so each ticket starts at its latest message.
 */
export function ChatPane({
  ticket,
  viewer,
  actions,
  sidePanel,
  composerTools,
  onClientUpdated,
  jumpTarget = null,
  onJumpTargetChange,
  composerMode,
}: ChatPaneProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const chat = useChat(ticket.ticketid);
  const outbox = useOutbox(ticket.ticketid);
  const queryClient = useQueryClient();
  const send = useSendMessage();
  const retry = useRetryMessage();
  const [followSignal, setFollowSignal] = useState(0);
  const today = dayKey(new Date());
  const pins = usePins(ticket.ticketid);
  const jump = useJump(ticket.ticketid);
  const pinned = usePopover({ placement: 'bottom-end' });
  const [searchOpen, setSearchOpen] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const side = useSidePanel(sidePanel !== undefined);
  const actionsOf = useMessageActions(pins.data);
  const { pinnedIds, openMenu, closeMenu, menu, notice } = actionsOf;

  const address = useJumpAddress(jump, jumpTarget, onJumpTargetChange);
  const { leaveJump } = address;
  const jumpTo = (messageid: string) => {
    pinned.setOpen(false);
    address.jumpTo(messageid);
  };
  const jumpRows = useMemo(
    () =>
      jump.window &&
      buildRows(jump.window.pages, [], { today, reachedStart: jump.window.older === null, viewerId: viewer.id }),
    [jump.window, today, viewer.id],
  );

  const rows = useMemo(
    () =>
      buildRows(chat.data?.pages ?? [], outbox, {
        today,
        reachedStart: chat.isSuccess && !chat.hasNextPage,
        viewerId: viewer.id,
      }),
    [chat.data, chat.isSuccess, chat.hasNextPage, outbox, today, viewer.id],
  );

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = chat;
  const loadOlder = useCallback(() => {
    // A failed older page just stops the spinner (SPEC §8); the next refetch (reconnection, reopening) recovers.
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const sendText = (content: string) => send.mutate({ content, ticketid: ticket.ticketid, idempotencyKey: randomId() });
  const resend = (item: OutboxItem) =>
    send.mutate({ content: item.content, ticketid: item.ticketid, idempotencyKey: item.key });
  const retryMessage = (message: Message) => retry.mutate(message.messageid);

  const disabledReason = replyBlockerText(t, ticket, viewer.id);
  const serviceWindow = useServiceWindow(ticket);
  // No files outside WhatsApp's window: only a template may go then.
  const drop = useFileDrop(disabledReason !== null || serviceWindow.view.state === 'closed');

  // What both lists (the latest messages, or a jump's slice) show and do with their messages.
  const listProps = {
    today,
    viewerId: viewer.id,
    clientName: ticket.client_name,
    onRetryMessage: retryMessage,
    retryingId: retry.isPending ? (retry.variables ?? null) : null,
    onRetryOutbox: resend,
    onDiscardOutbox: (item: OutboxItem) => removeFromOutbox(queryClient, item.ticketid, item.key),
    pinnedIds,
    onMessageMenu: openMenu,
  };

  let body: ReactNode;
  if (jump.window && jumpRows) {
    body = (
      <MessageList
        key={`jump:${jump.serial}`}
        {...listProps}
        rows={jumpRows}
        hasOlder={jump.hasOlder}
        loadingOlder={jump.loadingOlder}
        onLoadOlder={jump.loadOlder}
        followSignal={0}
        jump={{
          targetId: jump.window.targetId,
          hasNewer: jump.hasNewer,
          loadingNewer: jump.loadingNewer,
          onLoadNewer: jump.loadNewer,
          onLeave: leaveJump,
        }}
      />
    );
  } else if (chat.isPending) {
    body = <ChatSkeleton label={t('chat.loading')} />;
  } else if (chat.isError && !chat.data) {
    body = (
      <div className={styles.loadError}>
        <p>{t('chat.loadFailed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void chat.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <MessageList
        {...listProps}
        rows={rows}
        hasOlder={Boolean(hasNextPage) && !isFetchNextPageError}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
        followSignal={followSignal}
      />
    );
  }

  const closed = ticket.stage === 'closed';
  return (
    <section {...drop.rootProps({ className: styles.pane, 'aria-labelledby': headingId })}>
      <ChatHeader
        ticket={ticket}
        headingId={headingId}
        actions={closed ? undefined : actions}
        canEditClientNumber={canEditClientNumber(ticket, viewer)}
        onClientUpdated={onClientUpdated}
        tools={(shown) => (
          <ChatToolToggles
            shown={shown}
            pinnedCount={pins.data?.length ?? 0}
            pinnedButton={pinned.buttonProps}
            onTogglePinned={() => pinned.setOpen((open) => !open)}
            searchOpen={searchOpen}
            searchToggleRef={searchToggle}
            onToggleSearch={() => setSearchOpen((open) => !open)}
            sidePanel={
              sidePanel === undefined
                ? undefined
                : { open: side.open, id: side.id, onToggle: side.toggle, ref: side.drawer.button }
            }
          />
        )}
      />
      {searchOpen && (
        <ChatSearch
          ticketid={ticket.ticketid}
          clientName={ticket.client_name}
          onJump={(message) => jumpTo(message.messageid)}
          onClose={() => {
            setSearchOpen(false);
            searchToggle.current?.focus();
          }}
        />
      )}
      <div className={styles.body}>
        <div className={styles.main}>
          <div className={toolStyles.stage}>
            {pinned.open && (
              <Suspense fallback={null}>
                <PinnedPanel
                  popoverProps={pinned.popoverProps}
                  pins={pins.data}
                  loading={pins.isPending}
                  failed={pins.isError}
                  onRetry={() => void pins.refetch()}
                  onJump={(entry) => jumpTo(entry.messageid)}
                  onUnpin={actionsOf.unpinFromPanel}
                  onClose={() => pinned.close(true)}
                />
              </Suspense>
            )}
            {body}
            {(jump.opening || jump.failed || notice) && (
              <p className={toolStyles.jumpNotice} role="status" data-error={jump.failed || notice?.error || undefined}>
                {jump.opening ? t('chatTools.jumping') : jump.failed ? t('chatTools.jumpFailed') : notice?.text}
              </p>
            )}
          </div>
          {closed ? (
            <ClosedFooter ticket={ticket} stars={ratingOf(ticket, chat.data)} actions={actions} />
          ) : (
            <Composer
              ticket={ticket}
              disabledReason={disabledReason}
              onSendText={sendText}
              onSent={() => {
                // One's own message brings the reader back to the latest messages, out of a jump too.
                if (jump.window) leaveJump();
                setFollowSignal((n) => n + 1);
              }}
              drop={drop}
              serviceWindow={serviceWindow}
              tools={composerTools}
              startIn={composerMode}
            />
          )}
        </div>
        {side.open && <ChatSidePanel panel={side}>{sidePanel}</ChatSidePanel>}
      </div>
      {menu && (
        <Suspense fallback={null}>
          <MessageMenu
            target={menu.target}
            pinned={pinnedIds.has(menu.message.messageid)}
            onTogglePin={() => actionsOf.togglePin(menu.message)}
            onCopy={() => actionsOf.copy(menu.message)}
            onClose={closeMenu}
          />
        </Suspense>
      )}
    </section>
  );
}
