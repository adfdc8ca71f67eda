import { useMemo } from 'react';
import { X } from 'lucide-react';
import { NOT_ACCEPTED_AGENT, PLATFORMS, TICKET_STAGES, type Platform, type TicketStage } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { PLATFORM_NAMES } from '@/components/PlatformIcon';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import { useSession } from '@/lib/session';
import { useAgentChoices, useDepartmentChoices } from '@/features/admin-tickets/api/get-filter-options';
import { hasFilters, type TicketFilters as Filters } from '@/features/admin-tickets/lib/filters';
import styles from './tickets.module.css';

type Props = {
  filters: Filters;
  onChange: (next: Filters) => void;
  onClear: () => void;
};

/** One value of a list filter shown in a single select; several (from a shared link) read as "All" until changed. */
const single = <T extends string>(values: T[] | undefined) => (values?.length === 1 ? values[0]! : '');

/**
 * The table's filters. Every change applies at once (the URL changes and the table reloads from offset 0), so there
 * is no submit button; the date inputs apply once a whole date is typed or picked.
 */
export function TicketFilters({ filters, onChange, onClear }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const departments = useDepartmentChoices();
  const colleagues = useAgentChoices();
  const agents = useMemo(() => {
    const others = (colleagues.data ?? []).map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim() }));
    others.sort((a, b) => a.name.localeCompare(b.name));
    return [{ id: session.id, name: t('adminTickets.filters.me', { name: session.username }) }, ...others];
  }, [colleagues.data, session.id, session.username, t]);
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });

  return (
    <div role="group" aria-label={t('adminTickets.filters.label')} className={styles.filters}>
      <SelectField
        label={t('adminTickets.filters.stage')}
        value={single(filters.stage)}
        onChange={(e) => set({ stage: e.target.value ? [e.target.value as TicketStage] : undefined })}
      >
        <option value="">{t('adminTickets.filters.allStages')}</option>
        {TICKET_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {t(`adminTickets.stage.${stage}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('adminTickets.filters.department')}
        value={filters.department ?? ''}
        onChange={(e) => set({ department: e.target.value || undefined })}
      >
        <option value="">{t('adminTickets.filters.allDepartments')}</option>
        {departments.data?.map((d) => (
          <option key={d.departmentid} value={d.departmentid}>
            {d.department_name}
          </option>
        ))}
        {/* A linked department that is deleted or still loading keeps its place, so the select shows the truth. */}
        {filters.department && !departments.data?.some((d) => d.departmentid === filters.department) && (
          <option value={filters.department}>{t('adminTickets.filters.unknown')}</option>
        )}
      </SelectField>
      <SelectField
        label={t('adminTickets.filters.agent')}
        value={filters.agent ?? ''}
        onChange={(e) => set({ agent: e.target.value || undefined })}
      >
        <option value="">{t('adminTickets.filters.allAgents')}</option>
        <option value={NOT_ACCEPTED_AGENT}>{t('adminTickets.filters.notAccepted')}</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
        {filters.agent && filters.agent !== NOT_ACCEPTED_AGENT && !agents.some((a) => a.id === filters.agent) && (
          <option value={filters.agent}>{t('adminTickets.filters.unknown')}</option>
        )}
      </SelectField>
      <SelectField
        label={t('adminTickets.filters.platform')}
        value={single(filters.platform)}
        onChange={(e) => set({ platform: e.target.value ? [e.target.value as Platform] : undefined })}
      >
        <option value="">{t('adminTickets.filters.allPlatforms')}</option>
        {PLATFORMS.map((platform) => (
          <option key={platform} value={platform}>
            {PLATFORM_NAMES[platform]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('adminTickets.filters.dateField')}
        value={filters.date_field}
        onChange={(e) => set({ date_field: e.target.value === 'updated' ? 'updated' : 'created' })}
      >
        <option value="created">{t('adminTickets.filters.created')}</option>
        <option value="updated">{t('adminTickets.filters.updated')}</option>
      </SelectField>
      <TextField
        type="date"
        label={t('adminTickets.filters.from')}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(e) => set({ from: e.target.value || undefined })}
      />
      <TextField
        type="date"
        label={t('adminTickets.filters.to')}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(e) => set({ to: e.target.value || undefined })}
      />
      <div className={styles.clear}>
        <Button
          variant="secondary"
          icon={<X size={16} aria-hidden="true" />}
          disabled={!hasFilters(filters)}
          onClick={onClear}
        >
          {t('adminTickets.filters.clear')}
        </Button>
      </div>
    </div>
  );
}
