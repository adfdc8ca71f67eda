import { useMemo, useState } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, type AlertTone } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { Modal } from '@/components/Modal';
import { dateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useDeleteWordpressToken } from '@/features/admin-settings/api/delete-wordpress-token';
import { useWordpressTokens, type WordpressToken } from '@/features/admin-settings/api/get-wordpress-tokens';
import { useWpFailureText } from '@/features/admin-settings/hooks/use-wordpress-texts';
import { wpTokenFailure } from '@/features/admin-settings/lib/wordpress-tokens';
import { RetryAlert } from './RetryAlert';
import views from './whatsapp.module.css';
import wp from './wordpress.module.css';

/**
 * WordPress → view_tokens_section (SPEC §2, §8): the tokens (never their secrets) with who made them and when, and
 * a delete button per row. Deleting asks first, saying that every open chat of the site ends, and the list is read
 * again whatever the answer.
 */
export function WordPressTokens({ onGenerate }: { onGenerate: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const tokens = useWordpressTokens();
  const remove = useDeleteWordpressToken();
  const failureText = useWpFailureText();
  // The token asked about stays set while the dialog closes, so its question does not go blank on the way out.
  const [target, setTarget] = useState<WordpressToken | null>(null);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: AlertTone; text: string } | null>(null);

  const columns = useMemo<ColumnDef<WordpressToken>[]>(
    () => [
      {
        id: 'name',
        header: t('settings.wordpress.tokens.name'),
        cell: ({ row }) => <span className={views.strong}>{row.original.token_name}</span>,
      },
      {
        id: 'id',
        header: t('settings.wordpress.tokens.id'),
        cell: ({ row }) => <code className={wp.tokenId}>{row.original.token_id}</code>,
      },
      {
        id: 'createdBy',
        header: t('settings.wordpress.tokens.createdBy'),
        cell: ({ row }) => row.original.created_by_name || <span className={views.muted}>—</span>,
      },
      {
        id: 'createdAt',
        header: t('settings.wordpress.tokens.createdAt'),
        cell: ({ row }) => (
          <time dateTime={row.original.created_at} className={wp.nowrap}>
            {dateTime(row.original.created_at, lang)}
          </time>
        ),
      },
      {
        id: 'site',
        header: t('settings.wordpress.tokens.site'),
        cell: ({ row }) => <span className={wp.nowrap}>{row.original.site_origin}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t('settings.wordpress.tokens.actions')}</span>,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="ghost"
            className={wp.deleteButton}
            icon={<Trash2 size={15} aria-hidden="true" />}
            aria-label={t('settings.wordpress.tokens.deleteOf', { name: row.original.token_name })}
            onClick={() => {
              setNotice(null);
              setRefusal(null);
              setTarget(row.original);
              setAsking(true);
            }}
          >
            {t('settings.wordpress.tokens.delete')}
          </Button>
        ),
      },
    ],
    [t, lang],
  );

  const table = useReactTable({
    data: tokens.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
    getRowId: (token) => token.token_id,
  });

  const onConfirm = () => {
    if (!target || remove.isPending) return;
    setRefusal(null);
    remove.mutate(target, {
      onSuccess: () => {
        setAsking(false);
        setNotice({ tone: 'success', text: t('settings.wordpress.tokens.deleted', { name: target.token_name }) });
      },
      onError: (error) => {
        const found = wpTokenFailure(error, 'deleteFailed');
        // A token the server does not know is gone already: the question has nothing left to ask.
        if (found.kind === 'known' && found.key === 'invalidToken') {
          setAsking(false);
          setNotice({ tone: 'error', text: failureText(found) });
        } else {
          setRefusal(failureText(found));
        }
      },
    });
  };

  return (
    <div className={views.view}>
      <div className={views.viewHeader}>
        <h4 className={views.blockTitle}>{t('settings.wordpress.tokens.title')}</h4>
        <Button icon={<Plus size={17} aria-hidden="true" />} onClick={onGenerate}>
          {t('settings.wordpress.generate.submit')}
        </Button>
      </div>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      {tokens.isError ? (
        <RetryAlert onRetry={() => void tokens.refetch()}>
          {failureText(wpTokenFailure(tokens.error, 'loadFailed'))}
        </RetryAlert>
      ) : (
        <DataTable
          table={table}
          label={t('settings.wordpress.tokens.tableLabel')}
          loadingRows={tokens.isPending ? 2 : 0}
          rowData={(row) => ({ 'data-token-id': row.original.token_id })}
        >
          {tokens.data?.length === 0 && (
            <EmptyState
              size="sm"
              icon={<KeyRound size={24} aria-hidden="true" />}
              title={t('settings.wordpress.tokens.empty')}
              description={t('settings.wordpress.tokens.emptyHint')}
            />
          )}
        </DataTable>
      )}

      <Modal
        open={asking}
        onOpenChange={(open) => {
          if (open || remove.isPending) return;
          setAsking(false);
          setRefusal(null);
        }}
        title={t('settings.wordpress.tokens.confirmTitle', { name: target?.token_name ?? '' })}
        closeLabel={t('common.close')}
      >
        <div className={wp.confirm}>
          <p>{t('settings.wordpress.tokens.confirmText', { origin: target?.site_origin ?? '' })}</p>
          {refusal && <Alert tone="error">{refusal}</Alert>}
          <div className={views.dialogActions}>
            <Button
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => {
                setAsking(false);
                setRefusal(null);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={onConfirm}>
              {t('settings.wordpress.tokens.confirm')}
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
