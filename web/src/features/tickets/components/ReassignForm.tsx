import { useId, useState } from 'react';
import { Building2, Inbox, UserRound } from 'lucide-react';
import type { AssignableAgent, Ticket } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api-client';
import { displayUsername } from '@/lib/format';
import type { Viewer } from '@/lib/session';
import { useAssignableAgents } from '@/features/tickets/api/get-agents';
import { useDepartments, type DepartmentOption } from '@/features/tickets/api/get-departments';
import { useReassignTicket } from '@/features/tickets/api/reassign-ticket';
import styles from './reassign.module.css';

interface ReassignFormProps {
  ticket: Ticket;
  viewer: Viewer;
  onCancel: () => void;
  onDone: (ticket: Ticket) => void;
}

const agentName = (agent: AssignableAgent) => `${agent.first_name} ${agent.last_name}`.trim();

/**
 * Pick a department (deleted ones are not offered, SPEC §5), then optionally one of its agents. Proceed is enabled
 * once a department is chosen: with an agent the ticket is theirs at once, without one it waits in that
 * department's pending list.
 */
export function ReassignForm({ ticket, viewer, onCancel, onDone }: ReassignFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const departments = useDepartments();
  const [department, setDepartment] = useState<DepartmentOption | null>(null);
  const [agentId, setAgentId] = useState<string>('');
  const agents = useAssignableAgents(ticket.ticketid, department?.departmentid ?? null);
  const reassign = useReassignTicket(viewer);
  const agent = agents.data?.find((candidate) => candidate.userid === agentId) ?? null;

  const proceed = () => {
    if (!department) return;
    reassign.mutate(
      { ticket, department, agent: agent && { userid: agent.userid, name: agentName(agent) } },
      { onSuccess: ({ ticket: moved }) => onDone(moved) },
    );
  };

  const chooseDepartment = (next: DepartmentOption) => {
    setDepartment(next);
    setAgentId('');
    reassign.reset();
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        proceed();
      }}
    >
      <fieldset className={styles.group} aria-describedby={`${ids}-dept-hint`}>
        <legend className={styles.legend}>{t('reassign.departments')}</legend>
        <p id={`${ids}-dept-hint`} className={styles.hint}>
          {t('reassign.departmentsHint')}
        </p>
        {departments.isPending ? (
          <div className={styles.options} aria-busy="true">
            <span className="visually-hidden">
              <Spinner label={t('reassign.loadingDepartments')} />
            </span>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </div>
        ) : departments.isError ? (
          <p className={styles.error} role="alert">
            {t('reassign.departmentsFailed')}
          </p>
        ) : (
          <div className={styles.options}>
            {departments.data.map((option) => (
              <label key={option.departmentid} className={styles.option}>
                <input
                  type="radio"
                  name={`${ids}-department`}
                  value={option.departmentid}
                  checked={department?.departmentid === option.departmentid}
                  onChange={() => chooseDepartment(option)}
                />
                <Building2 size={16} aria-hidden="true" className={styles.optionIcon} />
                <span className={styles.optionName}>{option.department_name}</span>
                {option.departmentid === ticket.departmentid && (
                  <span className={styles.tag}>{t('reassign.currentDepartment')}</span>
                )}
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset className={styles.group} disabled={!department}>
        <legend className={styles.legend}>{t('reassign.agents')}</legend>
        {!department ? (
          <p className={styles.hint}>{t('reassign.chooseDepartmentFirst')}</p>
        ) : agents.isPending ? (
          <div className={styles.options} aria-busy="true">
            <span className="visually-hidden">
              <Spinner label={t('reassign.loadingAgents')} />
            </span>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </div>
        ) : agents.isError ? (
          <p className={styles.error} role="alert">
            {t('reassign.agentsFailed')}
          </p>
        ) : (
          <div className={styles.options}>
            <label className={styles.option}>
              <input
                type="radio"
                name={`${ids}-agent`}
                value=""
                checked={agentId === ''}
                onChange={() => setAgentId('')}
              />
              <Inbox size={16} aria-hidden="true" className={styles.optionIcon} />
              <span className={styles.optionName}>{t('reassign.anyAgent')}</span>
            </label>
            {agents.data.map((option) => (
              <label key={option.userid} className={styles.option}>
                <input
                  type="radio"
                  name={`${ids}-agent`}
                  value={option.userid}
                  checked={agentId === option.userid}
                  onChange={() => setAgentId(option.userid)}
                />
                <UserRound size={16} aria-hidden="true" className={styles.optionIcon} />
                <span className={styles.optionName}>{displayUsername(agentName(option))}</span>
                {option.userid === viewer.id && <span className={styles.tag}>{t('reassign.you')}</span>}
              </label>
            ))}
            {agents.data.length === 0 && <p className={styles.hint}>{t('reassign.noAgents')}</p>}
          </div>
        )}
      </fieldset>

      <p className={styles.summary} aria-live="polite">
        {department &&
          (agent
            ? t('reassign.summaryAgent', { agent: agentName(agent), department: department.department_name })
            : t('reassign.summaryDepartment', { department: department.department_name }))}
      </p>

      {reassign.isError && <Alert tone="error">{errorMessage(reassign.error, t('reassign.failed'))}</Alert>}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!department} busy={reassign.isPending}>
          {t('reassign.proceed')}
        </Button>
      </div>
    </form>
  );
}
