import { useState, type ReactNode } from 'react';
import { ArrowLeft, Download, Lock, LockOpen, Pencil, Trash2, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/Button';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { UnverifiedBadge } from '@/components/UnverifiedBadge';
import { dateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useClientProfile, useToggleBlock } from '@/features/admin-clients/api/clients';
import { useEraseClient } from '@/features/admin-clients/api/erase-client';
import { clientExportUrl } from '@/features/admin-clients/api/export-client';
import { useClientHistory } from '@/features/admin-clients/api/get-client-history';
import { useLiveClients } from '@/features/admin-clients/hooks/use-live-clients';
import pageStyles from '@/styles/page.module.css';
import { ClientChannels, ClientTickets } from './ClientHistory';
import { EditClientDialog } from './EditClientDialog';
import { EraseClientDialog } from './EraseClientDialog';
import styles from './admin-clients.module.css';

/**
 * Admin panel → client profile (SPEC §2): details with their fallbacks (SPEC's own words for address, account
 * number and note), the channel identities and the tickets (not in SPEC), lock toggle, edit form and
 * actions.
 */
export function ClientProfile({ shortId }: { shortId: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { isAdmin, role } = useSession();
  const profile = useClientProfile(shortId);
  // The profile is addressed by short id; the history call wants the uuid, known once the profile answered.
  const history = useClientHistory(profile.data?.client.clientid);
  useLiveClients();
  const toggle = useToggleBlock();
  const [editing, setEditing] = useState(false);
  const erase = useEraseClient();
  const [erasing, setErasing] = useState(false);

  if (profile.isPending) {
    return (
      <div className={pageStyles.screen} aria-busy="true" aria-label={t('adminClients.loading')}>
        <Skeleton height={36} width={240} />
        <Skeleton height={220} />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className={pageStyles.screen}>
        <EmptyState
          icon={<UserX size={28} aria-hidden="true" />}
          title={t('adminClients.profileNotFound')}
          titleAs="h1"
          action={
            <ButtonLink to="/admin-panel/clients" variant="secondary" icon={<ArrowLeft size={16} aria-hidden="true" />}>
              {t('adminClients.return')}
            </ButtonLink>
          }
        />
      </div>
    );
  }

  const { client, client_actions: actions } = profile.data;
  const rows: [string, ReactNode, boolean][] = [
    [t('adminClients.clientId'), client.short_id, false],
    [t('adminClients.channel'), <ClientChannels history={history} />, false],
    [
      t('adminClients.accountNumber'),
      client.account_number || t('adminClients.noAccountNumber'),
      !client.account_number,
    ],
    [t('adminClients.address'), client.address || t('adminClients.noAddress'), !client.address],
    [t('adminClients.note'), client.note || t('adminClients.noNote'), !client.note],
    [t('adminClients.reopened'), client.count_ticket_reopened, false],
    [t('adminClients.createdOn'), dateTime(client.created_on, lang), false],
  ];
  const LockIcon = client.blocked_on ? Lock : LockOpen;
  // An erased client is a row kept for the counts: nothing of it is left to edit, block, export or erase.
  const erased = client.erased_on !== null;

  return (
    <div className={pageStyles.screen}>
      <div className={styles.screenHeader}>
        <h1 className={`${pageStyles.title} ${styles.screenTitle}`}>
          {erased ? t('adminClients.erased.name') : client.client_name}
        </h1>
        {!client.verified && <UnverifiedBadge />}
        {!erased && (
          <div className={styles.headerActions}>
            <Button
              variant={client.blocked_on ? 'danger' : 'secondary'}
              size="sm"
              icon={<LockIcon size={16} aria-hidden="true" />}
              aria-pressed={client.blocked_on}
              disabled={!isAdmin}
              title={isAdmin ? undefined : t('adminClients.adminOnly')}
              onClick={() => toggle.mutate(client)}
            >
              {client.blocked_on ? t('adminClients.unblock') : t('adminClients.block')}
            </Button>
            {role !== 'agent' && (
              <Button
                variant="secondary"
                size="sm"
                icon={<Pencil size={16} aria-hidden="true" />}
                onClick={() => setEditing(true)}
              >
                {t('adminClients.edit')}
              </Button>
            )}
            {isAdmin && (
              <>
                <ButtonLink
                  to={clientExportUrl(client.clientid)}
                  reloadDocument
                  download
                  variant="secondary"
                  size="sm"
                  icon={<Download size={16} aria-hidden="true" />}
                >
                  {t('adminClients.exportData')}
                </ButtonLink>
                <Button
                  variant="danger"
                  size="sm"
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  onClick={() => setErasing(true)}
                >
                  {t('adminClients.erase.open')}
                </Button>
              </>
            )}
          </div>
        )}
      </div>
      {erased && (
        <p className={styles.erasedNote}>
          {t('adminClients.erased.note', { date: dateTime(client.erased_on ?? client.created_on, lang) })}
        </p>
      )}
      {client.blocked_on && <p className={styles.blockedNote}>{t('adminClients.blockedNote')}</p>}
      <dl className={styles.details}>
        {rows.map(([label, value, fallback]) => (
          <div key={label} className={styles.detail}>
            <dt>{label}</dt>
            <dd className={fallback ? styles.muted : undefined}>{value}</dd>
          </div>
        ))}
      </dl>

      <ClientTickets history={history} />

      <section className={styles.actions} aria-labelledby="client-actions-title">
        <h2 id="client-actions-title" className={styles.sectionTitle}>
          {t('adminClients.actions')}
        </h2>
        {actions.length === 0 ? (
          <p className={styles.muted}>{t('adminClients.noActions')}</p>
        ) : (
          <ul className={styles.actionList}>
            {actions.map((action) => (
              <li key={action.actionid}>
                <span className={styles.actionType}>
                  {t(`adminClients.actionTypes.${action.action_type}`, action.action_type)}
                </span>
                {action.user_name && <span>{action.user_name}</span>}
                {action.rating !== null && <span>{t('adminClients.rating', { rating: action.rating })}</span>}
                <time className={styles.muted} dateTime={action.created_on}>
                  {dateTime(action.created_on, lang)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && <EditClientDialog client={client} onClose={() => setEditing(false)} />}
      {erasing && !erased && (
        <EraseClientDialog client={client} onClose={() => setErasing(false)} onErase={(id) => erase.mutateAsync(id)} />
      )}
    </div>
  );
}
