import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Client, Message, PinnedMessage, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import { usePopover } from '@/components/use-popover';
import { dateTime, dayKey } from '@/lib/dates';
import { displayUsername } from '@/lib/format';
import { randomId } from '@/lib/ids';
import { currentLanguage } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { useIsNarrow } from '@/lib/use-media-query';
import type { Viewer } from '@/lib/session';
import { useChat } from '@/features/chat/api/get-chat';
import { usePins } from '@/features/chat/api/get-pins';
import { usePinMessage, useUnpinMessage } from '@/features/chat/api/pin-message';
import { useRetryMessage } from '@/features/chat/api/retry-message';
import { useSendMessage } from '@/features/chat/api/send-message';
import { useFileDrop } from '@/features/chat/hooks/use-file-drop';
import { useServiceWindow } from '@/features/chat/hooks/use-service-window';
import { useJump } from '@/features/chat/hooks/use-jump';
import { buildRows, RATING_MAX, ratingStars, type Pages } from '@/features/chat/lib/chat-pages';
import { canEditClientNumber } from '@/features/chat/lib/client-number';
import { copyableText } from '@/features/chat/lib/pins';
import { removeFromOutbox, useOutbox, type OutboxItem } from '@/features/chat/lib/outbox';
import { ChatHeader } from './ChatHeader';
import { ChatToolToggles } from './ChatTools';
import { ChatSearch } from './ChatSearch';
import { ChatSkeleton } from './ChatSkeleton';
import { Composer, type ComposerMode, type ComposerTools } from './Composer';
import { MessageList } from './MessageList';
import type { MenuTarget } from './MessageMenu';
import styles from './chat.module.css';
import toolStyles from './ChatTools.module.css';

// Opened on demand: fetched then, not with the workspace (bench/bundle-size.ts). Not the search box: it comes with
// the chat's code, so it takes the keys typed right after it is opened (fetched on first use, it took a third of a
// second and `p` of "pam" opened the pins).
const PinnedPanel = lazyComponent(() => import('./PinnedPanel').then((m) => m.PinnedPanel));
const MessageMenu = lazyComponent(() => import('./MessageMenu').then((m) => m.MessageMenu));

/** SPEC §9: a status note shows about 1 s; a little longer so it can be read. */
const NOTICE_MS = 1_500;

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

/** SPEC §4: only the handler of an open ticket may reply; the composer says why otherwise. */
export function replyBlocker(ticket: Ticket, viewerId: string): 'closed' | 'accept' | 'handled' | null {
  if (ticket.stage === 'closed') return 'closed';
  if (ticket.userid === null) return 'accept';
  if (ticket.userid !== viewerId) return 'handled';
  return null;
}

/**
 * The chat of one ticket (SPEC §2 Chat pane): header, the day-grouped messages and the composer. Mount it with
 * `key={ticketid}` so each ticket starts at its latest message.
 */
/** Whether the client's details show beside the chat on wide screens; remembered across tickets and visits. */
const SIDE_PANEL_KEY = 'kreechat.chat.sidePanel';

function readSidePanelOpen(): boolean {
  try {
    return window.localStorage.getItem(SIDE_PANEL_KEY) !== 'closed';
  } catch {
    return true;
  }
}

function storeSidePanelOpen(open: boolean) {
  try {
    window.localStorage.setItem(SIDE_PANEL_KEY, open ? 'open' : 'closed');
  } catch {
    // Storage disabled: the choice lasts for this ticket only.
  }
}

/** The client's rating: the ticket's, or the 'rating' message that came live while the chat was open. */
function ratingOf(ticket: Ticket, chat: Pick<Pages, 'pages'> | undefined): number | null {
  if (ticket.rating !== null) return ratingStars(String(ticket.rating));
  for (const page of chat?.pages ?? [])
    for (const section of page.sections)
      for (const message of section.messages) if (message.type === 'rating') return ratingStars(message.content);
  return null;
}

/** The closed ticket's last word: who closed it and when, the client's rating, and the actions left (Reopen). */
function ClosedFooter({ ticket, stars, actions }: { ticket: Ticket; stars: number | null; actions?: ReactNode }) {
  const { t } = useTranslation();
  const closedOn = ticket.closed_on ? dateTime(ticket.closed_on, currentLanguage()) : '';
  return (
    <footer className={styles.closedFooter}>
      <p className={styles.closedText}>
        <span>
          {ticket.closed_by_name
            ? t('chat.closedByOn', { name: ticket.closed_by_name, date: closedOn })
            : t('chat.closedOn', { date: closedOn })}
        </span>
        {stars !== null && (
          <span className={styles.closedRating}>
            <span aria-hidden="true">
              {t('chat.rated', { stars: '★'.repeat(stars) + '☆'.repeat(RATING_MAX - stars) })}
            </span>
            <span className="visually-hidden">{t('chat.ratedLabel', { rating: stars, max: RATING_MAX })}</span>
          </span>
        )}
      </p>
      {actions && <div className={styles.closedActions}>{actions}</div>}
    </footer>
  );
}

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
  const pin = usePinMessage();
  const unpin = useUnpinMessage();
  const jump = useJump(ticket.ticketid);
  const pinned = usePopover({ placement: 'bottom-end' });
  const [searchOpen, setSearchOpen] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const narrow = useIsNarrow();
  const sidePanelId = useId();
  const [sideOpenWide, setSideOpenWide] = useState(readSidePanelOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Below 1200 px the details are a drawer: it closes like a popover (Escape, a click outside), focus back on the
  // toggle. It starts closed there, whatever the wide layout remembers, so it never covers a chat just opened.
  const drawer = usePopover({ placement: null, open: narrow && drawerOpen, onOpenChange: setDrawerOpen });
  const sideOpen = sidePanel !== undefined && (narrow ? drawerOpen : sideOpenWide);
  const toggleSidePanel = () => {
    if (narrow) {
      drawer.setOpen(!drawerOpen);
      return;
    }
    storeSidePanelOpen(!sideOpenWide);
    setSideOpenWide(!sideOpenWide);
  };
  useEffect(() => {
    if (narrow && drawerOpen) drawer.popover.current?.focus();
  }, [narrow, drawerOpen, drawer.popover]);
  const [menu, setMenu] = useState<{ target: MenuTarget; message: Message } | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const pinnedIds = useMemo(() => new Set(pins.data?.map((p) => p.messageid)), [pins.data]);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const { failed: jumpFailed, dismissFailure } = jump;
  useEffect(() => {
    if (!jumpFailed) return;
    const timer = window.setTimeout(dismissFailure, NOTICE_MS * 2);
    return () => window.clearTimeout(timer);
  }, [jumpFailed, dismissFailure]);

  // The message jumped to last, by the reader or by the address: the address then naming it is no new jump.
  const jumpedTo = useRef<string | null>(null);
  const jumpTo = (messageid: string) => {
    pinned.setOpen(false);
    jumpedTo.current = messageid;
    void jump.jumpTo(messageid);
    onJumpTargetChange?.(messageid);
  };
  const { leave, jumpTo: jumpToTarget } = jump;
  const leaveJump = useCallback(() => {
    jumpedTo.current = null;
    leave();
    onJumpTargetChange?.(null);
  }, [leave, onJumpTargetChange]);
  // Opened at a message by its address (a reload, a link), or the address named another one while open.
  useEffect(() => {
    if (!jumpTarget || jumpTarget === jumpedTo.current) return;
    jumpedTo.current = jumpTarget;
    void jumpToTarget(jumpTarget);
  }, [jumpTarget, jumpToTarget]);
  const togglePin = (message: Pick<Message, 'ticketid' | 'messageid' | 'created_on'> & Partial<Message>) => {
    const failed = () => setNotice({ text: t('chatTools.actionFailed'), error: true });
    if (pinnedIds.has(message.messageid)) unpin.mutate(message, { onError: failed });
    else pin.mutate(message as Message, { onError: failed });
  };
  const unpinFromPanel = (pinned: PinnedMessage) =>
    togglePin({ ticketid: pinned.ticketid, messageid: pinned.messageid, created_on: pinned.message_created_on });
  const copy = (message: Message) => {
    navigator.clipboard
      .writeText(copyableText(message))
      .then(() => setNotice({ text: t('chatTools.copied'), error: false }))
      .catch(() => setNotice({ text: t('chatTools.copyFailed'), error: true }));
  };
  const openMenu = useCallback(
    (message: Message, at: { x: number; y: number }, returnTo: HTMLElement) =>
      setMenu({ message, target: { messageid: message.messageid, ...at, returnTo } }),
    [],
  );
  const closeMenu = useCallback(() => setMenu(null), []);
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

  const blocker = replyBlocker(ticket, viewer.id);
  const serviceWindow = useServiceWindow(ticket);
  // No files outside WhatsApp's window: only a template may go then.
  const drop = useFileDrop(blocker !== null || serviceWindow.view.state === 'closed');
  const disabledReason =
    blocker === 'closed'
      ? t('chat.hintClosed')
      : blocker === 'accept'
        ? t('chat.hintAccept')
        : blocker === 'handled'
          ? t('chat.hintHandledBy', { name: displayUsername(ticket.user_name ?? '?') })
          : null;

  let body: ReactNode;
  if (jump.window && jumpRows) {
    body = (
      <MessageList
        key={`jump:${jump.serial}`}
        rows={jumpRows}
        today={today}
        viewerId={viewer.id}
        clientName={ticket.client_name}
        hasOlder={jump.hasOlder}
        loadingOlder={jump.loadingOlder}
        onLoadOlder={jump.loadOlder}
        onRetryMessage={retryMessage}
        retryingId={retry.isPending ? (retry.variables ?? null) : null}
        onRetryOutbox={resend}
        onDiscardOutbox={(item) => removeFromOutbox(queryClient, item.ticketid, item.key)}
        followSignal={0}
        pinnedIds={pinnedIds}
        onMessageMenu={openMenu}
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
        rows={rows}
        today={today}
        viewerId={viewer.id}
        clientName={ticket.client_name}
        hasOlder={Boolean(hasNextPage) && !isFetchNextPageError}
        loadingOlder={isFetchingNextPage}
        onLoadOlder={loadOlder}
        onRetryMessage={retryMessage}
        retryingId={retry.isPending ? (retry.variables ?? null) : null}
        onRetryOutbox={resend}
        onDiscardOutbox={(item) => removeFromOutbox(queryClient, item.ticketid, item.key)}
        followSignal={followSignal}
        pinnedIds={pinnedIds}
        onMessageMenu={openMenu}
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
                : { open: sideOpen, id: sidePanelId, onToggle: toggleSidePanel, ref: drawer.button }
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
                  onUnpin={unpinFromPanel}
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
        {sideOpen && (
          <aside
            {...(narrow ? drawer.popoverProps : {})}
            id={sidePanelId}
            className={styles.sidePanel}
            aria-labelledby={`${sidePanelId}-title`}
            tabIndex={-1}
          >
            <div className={styles.sidePanelHead}>
              <h3 id={`${sidePanelId}-title`} className={styles.sidePanelTitle}>
                {t('chatFrame.clientDetails')}
              </h3>
              <IconButton
                label={t('chatFrame.closePanel')}
                tooltipPlacement="left"
                onClick={() => (narrow ? drawer.close(true) : toggleSidePanel())}
              >
                <X size={16} aria-hidden="true" />
              </IconButton>
            </div>
            {sidePanel}
          </aside>
        )}
      </div>
      {menu && (
        <Suspense fallback={null}>
          <MessageMenu
            target={menu.target}
            pinned={pinnedIds.has(menu.message.messageid)}
            onTogglePin={() => togglePin(menu.message)}
            onCopy={() => copy(menu.message)}
            onClose={closeMenu}
          />
        </Suspense>
      )}
    </section>
  );
}
