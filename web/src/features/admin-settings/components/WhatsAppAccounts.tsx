import { useMemo, useState } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { PencilLine, Phone, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { Switch } from '@/components/Switch';
import { errorMessage } from '@/lib/api-client';
import { dateTime, mediumDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import {
  useWhatsAppPhoneNumbers,
  type WhatsAppPhoneNumber,
} from '@/features/admin-settings/api/get-whatsapp-phone-numbers';
import { useTogglePhoneNumberWebhook } from '@/features/admin-settings/api/toggle-phone-number-webhook';
import { graphTime, qualityTone, verificationTone } from '@/features/admin-settings/lib/whatsapp-values';
import { BusinessProfileDialog } from './BusinessProfileDialog';
import { GraphValue } from './GraphValue';
import { RetryAlert } from './RetryAlert';
import wa from './whatsapp.module.css';

const numberOf = (number: WhatsAppPhoneNumber): string => number.display_phone_number?.trim() || number.id;

/**
 * WhatsApp → whatsapp_accounts (SPEC §2): the numbers with their verification, quality, throughput, onboarding
 * date and webhook switch (optimistic, SPEC §4); each opens its business profile. A Graph failure shows its
 * message rather than an empty table.
 */
export function WhatsAppAccounts({ onRegister }: { onRegister: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const numbers = useWhatsAppPhoneNumbers();
  const toggle = useTogglePhoneNumberWebhook();
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [editing, setEditing] = useState<WhatsAppPhoneNumber | null>(null);

  const columns = useMemo<ColumnDef<WhatsAppPhoneNumber>[]>(
    () => [
      {
        id: 'verification',
        header: t('settings.whatsapp.accounts.verification'),
        cell: ({ row }) => (
          <GraphValue
            kind="verification"
            value={row.original.code_verification_status}
            tone={verificationTone(row.original.code_verification_status)}
          />
        ),
      },
      {
        id: 'number',
        header: t('settings.whatsapp.accounts.number'),
        cell: ({ row }) => <span className={wa.strong}>{numberOf(row.original)}</span>,
      },
      {
        id: 'name',
        header: t('settings.whatsapp.accounts.verifiedName'),
        cell: ({ row }) => row.original.verified_name || <span className={wa.muted}>—</span>,
      },
      {
        id: 'quality',
        header: t('settings.whatsapp.accounts.quality'),
        cell: ({ row }) => (
          <GraphValue
            kind="quality"
            value={row.original.quality_rating}
            tone={qualityTone(row.original.quality_rating)}
          />
        ),
      },
      {
        id: 'throughput',
        header: t('settings.whatsapp.accounts.throughput'),
        cell: ({ row }) => <GraphValue kind="throughput" value={row.original.throughput.level} />,
      },
      {
        id: 'onboarded',
        header: t('settings.whatsapp.accounts.lastOnboarded'),
        cell: ({ row }) => {
          const iso = graphTime(row.original.last_onboarded_time);
          return iso ? (
            <time dateTime={iso} title={dateTime(iso, lang)}>
              {mediumDate(iso, lang)}
            </time>
          ) : (
            <span className={wa.muted}>—</span>
          );
        },
      },
      {
        id: 'webhook',
        header: t('settings.whatsapp.accounts.webhook'),
        cell: ({ row }) => {
          const number = row.original;
          const busy = toggle.isPending && toggle.variables?.id === number.id;
          return (
            <span className={wa.switchCell}>
              <Switch
                checked={number.webhook_status}
                label={t('settings.whatsapp.accounts.webhookFor', { number: numberOf(number) })}
                disabled={busy}
                onToggle={() => {
                  setToggleError(null);
                  toggle.mutate(number, {
                    onError: (error) =>
                      setToggleError(errorMessage(error, t('settings.whatsapp.accounts.toggleFailed'))),
                  });
                }}
              />
              <span aria-hidden="true" className={wa.muted}>
                {number.webhook_status
                  ? t('settings.whatsapp.accounts.active')
                  : t('settings.whatsapp.accounts.inactive')}
              </span>
            </span>
          );
        },
      },
      {
        id: 'profile',
        header: t('settings.whatsapp.accounts.profile'),
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="secondary"
            icon={<PencilLine size={15} aria-hidden="true" />}
            aria-label={t('settings.whatsapp.accounts.editProfileOf', { number: numberOf(row.original) })}
            onClick={() => setEditing(row.original)}
          >
            {t('settings.whatsapp.accounts.editProfile')}
          </Button>
        ),
      },
    ],
    [t, lang, toggle],
  );

  const table = useReactTable({
    data: numbers.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
    getRowId: (number) => number.id,
  });

  return (
    <div className={wa.view}>
      <div className={wa.viewHeader}>
        <h4 className={wa.blockTitle}>{t('settings.whatsapp.accounts.title')}</h4>
        <Button icon={<Plus size={17} aria-hidden="true" />} onClick={onRegister}>
          {t('settings.whatsapp.accounts.register')}
        </Button>
      </div>

      {toggleError && <Alert tone="error">{toggleError}</Alert>}

      {numbers.isError ? (
        <RetryAlert title={t('settings.whatsapp.accounts.loadFailed')} onRetry={() => void numbers.refetch()}>
          {errorMessage(numbers.error, t('settings.whatsapp.unreachable'))}
        </RetryAlert>
      ) : (
        <DataTable
          table={table}
          label={t('settings.whatsapp.accounts.tableLabel')}
          loadingRows={numbers.isPending ? 2 : 0}
          rowData={(row) => ({ 'data-phone-number-id': row.original.id })}
        >
          {numbers.data?.length === 0 && (
            <EmptyState
              size="sm"
              icon={<Phone size={24} aria-hidden="true" />}
              title={t('settings.whatsapp.accounts.empty')}
              description={t('settings.whatsapp.accounts.emptyHint')}
            />
          )}
        </DataTable>
      )}

      {editing && <BusinessProfileDialog number={editing} label={numberOf(editing)} onClose={() => setEditing(null)} />}
    </div>
  );
}
