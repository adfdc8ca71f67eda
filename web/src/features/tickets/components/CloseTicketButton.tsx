import { useState } from 'react';
import { CircleCheckBig, RotateCcw } from 'lucide-react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/lazy-dialogs';
import type { Viewer } from '@/lib/session';
import { useCloseTicket } from '@/features/tickets/api/close-ticket';
import { useReopenTicket } from '@/features/tickets/api/reopen-ticket';
import { canActOnTicket } from '@/features/tickets/lib/ticket-actions';

interface CloseTicketButtonProps {
  ticket: Ticket;
  viewer: Viewer;
  /** Called with the ticket as the server answered, closed (or reopened). */
  onClosed?: (ticket: Ticket) => void;
}

/** Whether the viewer may close the ticket (SPEC §4): it is open, and they handle it or see every department. */
export const canCloseTicket = canActOnTicket;

/**
 * Whether the viewer may reopen a closed ticket: the rule of closing (its handler, or admins and moderators), as
 * the server's reopen-ticket checks it.
 */
export const canReopenTicket = (ticket: Ticket, viewer: Pick<Viewer, 'id' | 'canSeeAll'>): boolean =>
  ticket.stage === 'closed' && (ticket.userid === viewer.id || viewer.canSeeAll);

/**
 * 'Close ticket' with its question (Cancel / Close ticket); a failure is silent (SPEC §8). On a closed ticket it is
 * the Reopen action instead (the chat shows it in its closed footer). Renders nothing when neither is allowed.
 */
export function CloseTicketButton({ ticket, viewer, onClosed }: CloseTicketButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const close = useCloseTicket();
  if (canReopenTicket(ticket, viewer)) return <ReopenTicketButton ticket={ticket} onReopened={onClosed} />;
  if (!canCloseTicket(ticket, viewer)) return null;

  const confirm = () =>
    close.mutate(
      { ticketid: ticket.ticketid, closed_by_name: viewer.username },
      { onSuccess: ({ ticket: closed }) => onClosed?.(closed) },
    );

  return (
    <>
      {/* A closing mark of its own: the padlock means an internal note. */}
      <Button
        variant="secondary"
        size="sm"
        icon={<CircleCheckBig size={15} aria-hidden="true" />}
        busy={close.isPending}
        data-shortcut="close"
        onClick={() => setAsking(true)}
      >
        {t('tickets.closeTicket')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('tickets.closeConfirm')}
        confirmLabel={t('tickets.closeTicket')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirm}
      />
    </>
  );
}

/**
 * Reopens a closed ticket: back to pending, where its department (and the viewer) may accept it again. A failure
 * says so beside the button, since nothing else would change.
 */
function ReopenTicketButton({ ticket, onReopened }: { ticket: Ticket; onReopened?: (ticket: Ticket) => void }) {
  const { t } = useTranslation();
  const reopen = useReopenTicket();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<RotateCcw size={15} aria-hidden="true" />}
        busy={reopen.isPending}
        onClick={() => reopen.mutate(ticket.ticketid, { onSuccess: ({ ticket: reopened }) => onReopened?.(reopened) })}
      >
        {t('chatFrame.reopen')}
      </Button>
      {reopen.isError && (
        <span role="alert" data-error>
          {t('chatFrame.reopenFailed')}
        </span>
      )}
    </>
  );
}
