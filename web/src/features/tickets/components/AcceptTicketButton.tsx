import { useState } from 'react';
import { UserCheck } from 'lucide-react';
import { TICKET_ALREADY_ACCEPTED, type Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useAcceptTicket } from '@/features/tickets/api/accept-ticket';
import styles from './tickets.module.css';

interface AcceptTicketButtonProps {
  ticket: Ticket;
  /** After the viewer accepted it (the workspace focuses the reply box). */
  onAccepted?: (ticket: Ticket) => void;
}

/** Accept in the chat header of an unassigned ticket (the `a` shortcut presses it); nothing once it has a handler. */
export function AcceptTicketButton({ ticket, onAccepted }: AcceptTicketButtonProps) {
  const { t } = useTranslation();
  const accept = useAcceptTicket();
  const [error, setError] = useState<string | null>(null);
  if (ticket.userid !== null || ticket.stage === 'closed') return null;
  return (
    <>
      <Button
        size="sm"
        icon={<UserCheck size={15} aria-hidden="true" />}
        busy={accept.isPending}
        data-shortcut="accept"
        onClick={() => {
          setError(null);
          accept.mutate(ticket.ticketid, {
            onSuccess: ({ ticket: mine }) => onAccepted?.(mine),
            onError: (failure) =>
              setError(
                isApiError(failure) && failure.status === 409 && failure.serverMessage === TICKET_ALREADY_ACCEPTED
                  ? t('tickets.alreadyAccepted')
                  : errorMessage(failure, t('tickets.acceptFailed')),
              ),
          });
        }}
      >
        {t('tickets.accept')}
      </Button>
      {error && (
        <span className={styles.headerError} role="alert">
          {error}
        </span>
      )}
    </>
  );
}
