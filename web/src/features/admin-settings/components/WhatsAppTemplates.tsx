import { useMemo } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Clock, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { errorMessage } from '@/lib/api-client';
import { useWhatsAppTemplates, type WhatsAppTemplate } from '@/features/admin-settings/api/get-whatsapp-templates';
import { templateLanguageLabel } from '@/features/admin-settings/lib/whatsapp-templates';
import { isPendingTemplate, templateStatusTone } from '@/features/admin-settings/lib/whatsapp-values';
import { GraphValue } from './GraphValue';
import { TemplateForm } from './TemplateForm';
import { RetryAlert } from './RetryAlert';
import wa from './whatsapp.module.css';

/**
 * WhatsApp → templates (SPEC §2): the list with each template's review status (kept live by WhatsAppSettings), the
 * 24-hour approval warning beside pending ones (SPEC §9), and the form to create one.
 */
export function WhatsAppTemplates() {
  const { t } = useTranslation();
  const templates = useWhatsAppTemplates();

  const columns = useMemo<ColumnDef<WhatsAppTemplate>[]>(
    () => [
      {
        id: 'name',
        header: t('settings.whatsapp.templates.name'),
        cell: ({ row }) => <span className={wa.mono}>{row.original.name}</span>,
      },
      {
        id: 'category',
        header: t('settings.whatsapp.templates.category'),
        cell: ({ row }) => <GraphValue kind="category" value={row.original.category} />,
      },
      {
        id: 'status',
        header: t('settings.whatsapp.templates.status'),
        cell: ({ row }) => (
          <span className={wa.statusCell}>
            <GraphValue
              kind="templateStatus"
              value={row.original.status}
              tone={templateStatusTone(row.original.status)}
            />
            {isPendingTemplate(row.original.status) && (
              <span className={wa.pendingNote}>
                <Clock size={14} aria-hidden="true" />
                {t('settings.whatsapp.templates.upTo24h')}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'language',
        header: t('settings.whatsapp.templates.language'),
        cell: ({ row }) => templateLanguageLabel(row.original.language),
      },
    ],
    [t],
  );

  const table = useReactTable({
    data: templates.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    enableSorting: false,
    getRowId: (template) => `${template.name}:${template.language}`,
  });

  const anyPending = templates.data?.some((template) => isPendingTemplate(template.status)) ?? false;

  return (
    <div className={wa.templates}>
      <section className={wa.view} aria-labelledby="wa-templates-title">
        <h4 id="wa-templates-title" className={wa.blockTitle}>
          {t('settings.whatsapp.templates.title')}
        </h4>
        {anyPending && <Alert tone="warning">{t('settings.whatsapp.templates.pendingWarning')}</Alert>}
        {templates.isError ? (
          <RetryAlert title={t('settings.whatsapp.templates.loadFailed')} onRetry={() => void templates.refetch()}>
            {errorMessage(templates.error, t('settings.whatsapp.unreachable'))}
          </RetryAlert>
        ) : (
          <DataTable
            table={table}
            label={t('settings.whatsapp.templates.tableLabel')}
            loadingRows={templates.isPending ? 3 : 0}
            rowData={(row) => ({ 'data-template': row.id })}
          >
            {templates.data?.length === 0 && (
              <EmptyState
                size="sm"
                icon={<FileText size={24} aria-hidden="true" />}
                title={t('settings.whatsapp.templates.empty')}
              />
            )}
          </DataTable>
        )}
      </section>
      <TemplateForm />
    </div>
  );
}
