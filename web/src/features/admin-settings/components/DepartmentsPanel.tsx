import { useState, type FormEvent } from 'react';
import { Building2, Check, Star, Ticket, Trash2, Users, X } from 'lucide-react';
import {
  DEPARTMENT_HAS_AGENTS,
  DEPARTMENT_HAS_PENDING,
  type Department,
  type DepartmentStatistics,
} from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useCreateDepartment } from '@/features/admin-settings/api/create-department';
import { useDeleteDepartment } from '@/features/admin-settings/api/delete-department';
import { useAdminDepartments } from '@/features/admin-settings/api/get-departments';
import { RetryAlert } from './RetryAlert';
import styles from './settings.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

function DepartmentCard({
  department,
  stats,
  onDelete,
  deleting,
  refusal,
}: {
  department: Department;
  stats: DepartmentStatistics | undefined;
  onDelete: () => void;
  deleting: boolean;
  /** Why this department cannot be deleted, shown on its card after a delete was tried. */
  refusal: string | null;
}) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 });
  return (
    <li className={styles.departmentCard}>
      <div className={styles.departmentHeader}>
        <h3 className={styles.departmentName}>{department.department_name}</h3>
        {deleting ? (
          <Spinner size="sm" label={t('settings.departments.deleting')} />
        ) : (
          <IconButton
            label={t('settings.departments.delete', { name: department.department_name })}
            tooltip={t('settings.departments.deleteTooltip')}
            tooltipAlign="end"
            onClick={onDelete}
          >
            <Trash2 size={17} aria-hidden="true" />
          </IconButton>
        )}
      </div>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>
            <Star size={15} aria-hidden="true" />
            {t('settings.departments.rating')}
          </dt>
          <dd>{t('settings.departments.ratingValue', { rating: number.format(stats?.averageRating ?? 0), max: 3 })}</dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <Users size={15} aria-hidden="true" />
            {t('settings.departments.agents')}
          </dt>
          <dd>{stats?.agentCount ?? 0}</dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <Ticket size={15} aria-hidden="true" />
            {t('settings.departments.tickets')}
          </dt>
          <dd>{stats?.ticketsCount ?? 0}</dd>
        </div>
      </dl>
      {refusal && <Alert tone="warning">{refusal}</Alert>}
    </li>
  );
}

/**
 * Settings → Departments: add (Enter or ✓; ✗ clears), the cards with their statistics, delete after a question or
 * the SPEC §8 warning on the card.
 */
export function DepartmentsPanel() {
  const { t } = useTranslation();
  const departments = useAdminDepartments();
  const create = useCreateDepartment();
  const remove = useDeleteDepartment();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [asking, setAsking] = useState<Department | null>(null);
  const [refusal, setRefusal] = useState<{ departmentid: string; text: string } | null>(null);

  const deleteMessage = (error: unknown): string => {
    const text = errorMessage(error, '');
    if (text === DEPARTMENT_HAS_AGENTS) return t('settings.departments.hasAgents');
    if (text === DEPARTMENT_HAS_PENDING) return t('settings.departments.hasPending');
    return text || t('settings.departments.deleteFailed');
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    // SPEC §5: a department name is non-empty once trimmed; nothing is sent otherwise.
    if (!trimmed || create.isPending) return;
    setNotice(null);
    setRefusal(null);
    create.mutate(trimmed, {
      onSuccess: () => {
        setName('');
        setNotice({ tone: 'success', text: t('settings.departments.created', { name: trimmed }) });
      },
      onError: (error) =>
        setNotice({ tone: 'error', text: errorMessage(error, t('settings.departments.createFailed')) }),
    });
  };

  /**
   * SPEC §5: the agents warning when the department has agents, else the tickets warning when it has pending
   * tickets, without asking first. The server checks again (the statistics may be stale) and its refusal lands on
   * the same card.
   */
  const onDelete = (department: Department, stats: DepartmentStatistics | undefined) => {
    setNotice(null);
    const reason =
      (stats?.agentCount ?? 0) > 0
        ? t('settings.departments.hasAgents')
        : (stats?.pendingTicketsCount ?? 0) > 0
          ? t('settings.departments.hasPending')
          : null;
    setRefusal(reason ? { departmentid: department.departmentid, text: reason } : null);
    if (!reason) setAsking(department);
  };

  const onConfirmDelete = () => {
    const target = asking;
    if (!target) return;
    remove.mutate(target.departmentid, {
      onSuccess: () =>
        setNotice({ tone: 'success', text: t('settings.departments.deleted', { name: target.department_name }) }),
      onError: (error) => setRefusal({ departmentid: target.departmentid, text: deleteMessage(error) }),
    });
  };

  const live = departments.data?.departments.filter((d) => d.deleted_on === null) ?? [];
  const statsById = new Map(departments.data?.statistics.map((s) => [s.departmentid, s]));

  return (
    <section className={styles.section} aria-labelledby="departments-heading">
      <div className={styles.sectionIntro}>
        <h2 id="departments-heading" className={styles.sectionTitle}>
          {t('settings.departments.title')}
        </h2>
        <p className={styles.sectionText}>{t('settings.departments.intro')}</p>
      </div>

      <form className={styles.addForm} onSubmit={onAdd}>
        <TextField
          className={styles.addField}
          label={t('settings.departments.newLabel')}
          placeholder={t('settings.departments.newPlaceholder')}
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <div className={styles.addActions}>
          <IconButton
            type="submit"
            label={t('settings.departments.add')}
            className={styles.confirmIcon}
            disabled={create.isPending}
          >
            {create.isPending ? <Spinner size="sm" /> : <Check size={19} aria-hidden="true" />}
          </IconButton>
          <IconButton
            label={t('settings.departments.clear')}
            tooltipAlign="end"
            onClick={() => setName('')}
            disabled={name === ''}
          >
            <X size={19} aria-hidden="true" />
          </IconButton>
        </div>
      </form>

      {notice && (
        <Alert tone={notice.tone} className={styles.notice}>
          {notice.text}
        </Alert>
      )}

      {departments.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">
            <Spinner label={t('settings.departments.loading')} />
          </span>
          <div className={styles.departmentGrid}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={styles.departmentCard}>
                <Skeleton width="50%" height={18} />
                <Skeleton width="90%" height={40} radius="md" />
              </div>
            ))}
          </div>
        </div>
      ) : departments.isError ? (
        <RetryAlert onRetry={() => void departments.refetch()}>{t('settings.departments.loadFailed')}</RetryAlert>
      ) : live.length === 0 ? (
        <EmptyState size="sm" icon={<Building2 size={24} />} title={t('settings.departments.empty')} />
      ) : (
        <ul className={styles.departmentGrid}>
          {live.map((department) => {
            const stats = statsById.get(department.departmentid);
            return (
              <DepartmentCard
                key={department.departmentid}
                department={department}
                stats={stats}
                deleting={remove.isPending && remove.variables === department.departmentid}
                refusal={refusal?.departmentid === department.departmentid ? refusal.text : null}
                onDelete={() => onDelete(department, stats)}
              />
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={t('settings.departments.deleteConfirm', { name: asking?.department_name ?? '' })}
        description={t('settings.departments.deleteConfirmHint')}
        confirmLabel={t('settings.departments.deleteAction')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
