import { useEffect, useState, type FormEvent } from 'react';
import type { Agent, Role } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { useLogout, useSession } from '@/lib/session';
import { useSetRole, useUpdateAccount } from '@/features/admin-agents/api/agents';
import formStyles from '@/styles/form.module.css';
import { DepartmentSelect } from './DepartmentSelect';
import { RoleField } from './RoleSelect';
import styles from './agents.module.css';

/** How long 'Update user failed!' stays before the box closes (SPEC §2 agent profile). */
const UPDATE_FAILED_MS = 2000;

/**
 * The profile's edit box: e-mail, names, department and role. One's own e-mail and role stay (the profile changes
 * the first, another admin the second); saving one's own account signs out, its session holding the old details.
 */
export function UpdateAgentForm({ user, onDone }: { user: Agent; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const update = useUpdateAccount();
  const setRole = useSetRole();
  const logout = useLogout();
  const own = user.userid === session.id;
  const [email, setEmail] = useState(user.email);
  const [first, setFirst] = useState(user.first_name);
  const [last, setLast] = useState(user.last_name);
  const [department, setDepartment] = useState(user.departmentid ?? '');
  const [role, setRoleChoice] = useState<Role>(user.role);
  const failed = update.isError || setRole.isError;

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(onDone, UPDATE_FAILED_MS);
    return () => clearTimeout(timer);
  }, [failed, onDone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { email, first_name: first, last_name: last, departmentid: department, userid: user.userid },
      {
        onSuccess: () => {
          // One's own e-mail or name changed: the session carries the old ones, so sign in again.
          if (own) logout.mutate({ notice: 'profileUpdated' });
          else if (role !== user.role) setRole.mutate({ userid: user.userid, role }, { onSuccess: onDone });
          else onDone();
        },
      },
    );
  };

  return (
    <form
      className={`${formStyles.form} ${styles.form}`}
      onSubmit={submit}
      noValidate
      aria-label={t('adminAgents.editTitle')}
    >
      {/* One's own address is changed on the profile, which asks for the current password (the server refuses it here). */}
      <TextField
        label={t('adminAgents.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        readOnly={own}
        hint={own ? t('adminAgents.ownEmailOnProfile') : undefined}
      />
      <div className={styles.formRow}>
        <TextField label={t('adminAgents.firstName')} value={first} onChange={(e) => setFirst(e.target.value)} />
        <TextField label={t('adminAgents.lastName')} value={last} onChange={(e) => setLast(e.target.value)} />
      </div>
      <DepartmentSelect value={department} onChange={(e) => setDepartment(e.target.value)} />
      {/* Nobody changes their own role: the company keeps the admin who changes the others. */}
      <RoleField
        role={role}
        onChange={setRoleChoice}
        disabled={own}
        hint={own ? t('adminAgents.ownRole') : undefined}
      />
      {failed && <Alert tone="error">{t('adminAgents.updateFailed')}</Alert>}
      <div className={formStyles.actions}>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={update.isPending || setRole.isPending}>
          {t('adminAgents.update')}
        </Button>
      </div>
    </form>
  );
}
