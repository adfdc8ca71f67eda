import type { Role } from '@kreechat/contract';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/SelectField';
import { ROLE_HINT, ROLE_NAME, ROLES_BY_REACH } from '@/lib/roles';
import styles from './agents.module.css';

/** The three roles as options, the least reach first. */
function RoleOptions() {
  const { t } = useTranslation();
  return ROLES_BY_REACH.map((role) => (
    <option key={role} value={role}>
      {t(ROLE_NAME[role])}
    </option>
  ));
}

/** A row's role in the Agents table: named by the agent ("Role of Nia Okafor"), its label the column's header. */
export function RoleCell({
  role,
  label,
  disabled,
  onChange,
}: {
  role: Role;
  label: string;
  disabled: boolean;
  onChange: (role: Role) => void;
}) {
  return (
    <span className={styles.roleCell}>
      <select
        className={styles.roleSelect}
        aria-label={label}
        value={role}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as Role)}
      >
        <RoleOptions />
      </select>
      <ChevronDown className={styles.roleChevron} size={16} aria-hidden="true" />
    </span>
  );
}

/** The role field of the register form and the update box, with what the chosen role may do under it. */
export function RoleField({
  role,
  onChange,
  disabled,
  hint,
}: {
  role: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
  /** Said instead of the role's reach (why it cannot be changed). */
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('adminAgents.role')}
      value={role}
      disabled={disabled}
      hint={hint ?? t(ROLE_HINT[role])}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      <RoleOptions />
    </SelectField>
  );
}
