import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { getCoreRowModel, getPaginationRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { UserPlus, Users, Wifi } from 'lucide-react';
import type { Agent, AllAgentsResponse } from '@kreechat/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataTable } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { Switch } from '@/components/Switch';
import { shortId } from '@/lib/format';
import { ROLE_HINT, ROLE_NAME, ROLES_BY_REACH } from '@/lib/roles';
import { useSession } from '@/lib/session';
import { usePanelSocket, useSocketEvents } from '@/lib/socket';
import {
  allAgentsQueryKey,
  appendAgent,
  useAllAgents,
  useSetRole,
  useToggleDisabled,
} from '@/features/admin-agents/api/agents';
import { agentName } from '@/features/admin-agents/lib/agents';
import pageStyles from '@/styles/page.module.css';
import { RegisterAgentDialog } from './RegisterAgentDialog';
import { RoleCell } from './RoleSelect';
import styles from './agents.module.css';

/** Keeps the online count and the table live (SPEC §2 Agents: totalOnlineAgents, newUser). */
function useLiveAgents(refetch: () => void) {
  const queryClient = useQueryClient();
  const update = (patch: (data: AllAgentsResponse) => AllAgentsResponse | undefined) =>
    queryClient.setQueryData<AllAgentsResponse>(allAgentsQueryKey, (data) => data && patch(data));
  useSocketEvents(usePanelSocket(), {
    totalOnlineAgents: ({ onlineAgents }) => update((data) => ({ ...data, onlineAgents })),
    newUser: ({ agent }) => update((data) => appendAgent(data, agent)),
    connect: refetch,
  });
}

/** `/admin-panel/agents` (admins only): widgets, the agents table and the register overlay. */
export function AgentsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const agents = useAllAgents();
  const setRole = useSetRole();
  const toggleDisabled = useToggleDisabled();
  const [registering, setRegistering] = useState(false);
  const { refetch } = agents;
  useLiveAgents(() => void refetch());

  const columns = useMemo<ColumnDef<Agent>[]>(
    () => [
      {
        id: 'name',
        header: t('adminAgents.name'),
        cell: ({ row }) => (
          <Link className={styles.nameLink} to={`/admin-panel/user-profile/${shortId(row.original.userid)}`}>
            {agentName(row.original, t('agentErase.formerAgent'))}
          </Link>
        ),
      },
      {
        id: 'email',
        header: t('adminAgents.email'),
        cell: ({ row }) => (row.original.erased_on ? t('agentErase.emailRemoved') : row.original.email),
      },
      {
        id: 'department',
        header: t('adminAgents.department'),
        cell: ({ row }) => row.original.department_name ?? t('adminAgents.noDepartment'),
      },
      {
        id: 'role',
        header: t('adminAgents.role'),
        cell: ({ row }) => {
          const agent = row.original;
          const name = agentName(agent, t('agentErase.formerAgent'));
          return (
            <RoleCell
              role={agent.role}
              label={t('adminAgents.roleFor', { name })}
              // One's own role stays (the server answers 403); an erased former agent's account too (409).
              disabled={agent.userid === session.id || Boolean(agent.erased_on)}
              onChange={(role) => setRole.mutate({ userid: agent.userid, role })}
            />
          );
        },
      },
      {
        id: 'disabled',
        header: t('adminAgents.disabled'),
        cell: ({ row }) => {
          const agent = row.original;
          const name = agentName(agent, t('agentErase.formerAgent'));
          return (
            <Switch
              checked={Boolean(agent.closed_on)}
              label={t('adminAgents.disabledToggle', { name })}
              disabled={agent.userid === session.id || Boolean(agent.erased_on)}
              onToggle={() => toggleDisabled.mutate({ userid: agent.userid })}
            />
          );
        },
      },
      {
        id: 'status',
        header: t('adminAgents.status'),
        cell: ({ row }) => (
          <span className={`${styles.status} ${row.original.status === 'online' ? styles.online : ''}`}>
            {t(row.original.status === 'online' ? 'adminAgents.online' : 'adminAgents.offline')}
          </span>
        ),
      },
    ],
    [t, session.id, setRole, toggleDisabled],
  );

  const table = useReactTable({
    data: agents.data?.agents ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageIndex: 0, pageSize: 10 }, rowSelection: {} },
    enableSorting: false,
    autoResetPageIndex: false,
  });

  const failed = setRole.isError || toggleDisabled.isError;

  return (
    <section className={pageStyles.screen} aria-labelledby="agents-title">
      <header className={pageStyles.header}>
        <h1 id="agents-title" className={pageStyles.title}>
          {t('adminAgents.title')}
        </h1>
        <Button icon={<UserPlus size={18} aria-hidden="true" />} onClick={() => setRegistering(true)}>
          {t('adminAgents.addUser')}
        </Button>
      </header>

      <div className={styles.widgets}>
        <div className={styles.widget}>
          <Wifi size={20} aria-hidden="true" />
          <span className={styles.widgetLabel}>{t('adminAgents.onlineAgents')}</span>
          <strong className={styles.widgetValue} data-testid="online-agents">
            {agents.data ? agents.data.onlineAgents : <Skeleton width={32} height={24} />}
          </strong>
        </div>
        <div className={styles.widget}>
          <Users size={20} aria-hidden="true" />
          <span className={styles.widgetLabel}>{t('adminAgents.totalAgents')}</span>
          <strong className={styles.widgetValue} data-testid="total-agents">
            {agents.data ? agents.data.totalAgents : <Skeleton width={32} height={24} />}
          </strong>
        </div>
      </div>

      {failed && <Alert tone="error">{t('adminAgents.toggleFailed')}</Alert>}
      {agents.isError && (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('adminAgents.loadFailed')}
        </Alert>
      )}

      <DataTable
        table={table}
        label={t('adminAgents.tableLabel')}
        loadingRows={agents.isPending ? 4 : 0}
        rowData={(row) => ({ 'data-testid': `agent-row-${row.original.email}` })}
      >
        {agents.data?.agents.length === 0 && (
          <EmptyState icon={<Users size={28} aria-hidden="true" />} title={t('adminAgents.empty')} />
        )}
      </DataTable>

      <dl className={styles.roleLegend} aria-label={t('adminAgents.rolesTitle')}>
        {ROLES_BY_REACH.map((role) => (
          <div key={role}>
            <dt>{t(ROLE_NAME[role])}</dt>
            <dd>{t(ROLE_HINT[role])}</dd>
          </div>
        ))}
      </dl>

      {table.getPageCount() > 1 && (
        <nav className={styles.pager} aria-label={t('adminAgents.pages')}>
          <Button
            size="sm"
            variant="secondary"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            {t('adminAgents.previous')}
          </Button>
          <span>
            {t('adminAgents.page', { page: table.getState().pagination.pageIndex + 1, pages: table.getPageCount() })}
          </span>
          <Button size="sm" variant="secondary" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            {t('adminAgents.next')}
          </Button>
        </nav>
      )}

      <RegisterAgentDialog open={registering} onOpenChange={setRegistering} />
    </section>
  );
}
