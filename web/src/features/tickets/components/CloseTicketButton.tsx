import { useState } from 'react';
import { Lock } from 'lucide-react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Viewer } from '../../../lib/session';
import { useCloseTicket } from '../api/close-ticket';
import { canActOnTicket } from '../lib/ticket-actions';

interface CloseTicketButtonProps {
  ticket: Ticket;
  viewer: Viewer;
  onClosed?: (ticket: Ticket) => void;
}

/** Whether the viewer may close the ticket (SPEC §4): it is open, and they handle it or see every department. */
export const canCloseTicket = canActOnTicket;

/** 'Close ticket' with its yes/no question; a failure is silent (SPEC §8). Renders nothing when not allowed. */
export function CloseTicketButton({ ticket, viewer, onClosed }: CloseTicketButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const close = useCloseTicket();
  if (!canCloseTicket(ticket, viewer)) return null;

  const confirm = () =>
    close.mutate(
      { ticketid: ticket.ticketid, closed_by_name: viewer.username },
      { onSuccess: ({ ticket: closed }) => onClosed?.(closed) },
    );

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<Lock size={15} aria-hidden="true" />}
        busy={close.isPending}
        onClick={() => setAsking(true)}
      >
        {t('tickets.closeTicket')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('tickets.closeConfirm')}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        onConfirm={confirm}
      />
    </>
  );
}
