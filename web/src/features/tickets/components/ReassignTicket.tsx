import { Suspense, useState } from 'react';
import { ArrowRightLeft } from 'lucide-react';
import type { Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { LazyModal as Modal } from '@/components/lazy-dialogs';
import { Spinner } from '@/components/Spinner';
import { lazyComponent } from '@/lib/lazy-component';
import type { Viewer } from '@/lib/session';
import { canActOnTicket } from '@/features/tickets/lib/ticket-actions';

/** The same rule as closing (SPEC §4): an open ticket, and the viewer handles it or sees every department. */
export const canReassignTicket = canActOnTicket;

interface ReassignTicketProps {
  ticket: Ticket;
  viewer: Viewer;
  onReassigned?: (ticket: Ticket) => void;
}

// The form is fetched when the modal first opens, not with the workspace (bench/bundle-size.ts).
const ReassignForm = lazyComponent(() => import('./ReassignForm').then((m) => m.ReassignForm));

/** 'Reassign' in the chat header and its modal; renders nothing when the viewer may not reassign. */
export function ReassignTicketButton({ ticket, viewer, onReassigned }: ReassignTicketProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!canReassignTicket(ticket, viewer)) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<ArrowRightLeft size={15} aria-hidden="true" />}
        data-shortcut="reassign"
        onClick={() => setOpen(true)}
      >
        {t('reassign.button')}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t('reassign.title')} closeLabel={t('common.close')}>
        {/* Mounted while open only, so every opening starts from a clean choice. */}
        {open && (
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <ReassignForm
              ticket={ticket}
              viewer={viewer}
              onCancel={() => setOpen(false)}
              onDone={(moved) => {
                setOpen(false);
                onReassigned?.(moved);
              }}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
