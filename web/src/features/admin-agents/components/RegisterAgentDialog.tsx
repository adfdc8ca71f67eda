import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { PasswordField } from '@/components/PasswordField';
import type { Role } from '@kreechat/contract';
import { TextField } from '@/components/TextField';
import { useDepartmentChoices, useRegisterAgent } from '@/features/admin-agents/api/agents';
import { failureKind, registerFormProblem, type RegisterForm } from '@/features/admin-agents/lib/agents';
import formStyles from '@/styles/form.module.css';
import { DepartmentSelect } from './DepartmentSelect';
import { RoleField } from './RoleSelect';
import styles from './agents.module.css';

const EMPTY: RegisterForm = { email: '', pass: '', confirmPassword: '', firstName: '', lastName: '', department: '' };

/** The register-agent overlay (SPEC §2 Agents): a 200 closes it, every failure is explained in it. */
export function RegisterAgentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const departments = useDepartmentChoices();
  const register = useRegisterAgent();
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [role, setRole] = useState<Role>('agent');
  const [error, setError] = useState<string | null>(null);

  const field = (key: keyof RegisterForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const close = (next: boolean) => {
    if (!next) {
      setForm(EMPTY);
      setRole('agent');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = registerFormProblem(form);
    if (problem)
      return setError(t(problem === 'missing' ? 'adminAgents.fieldsMissing' : 'adminAgents.passwordsDiffer'));
    setError(null);
    const departmentName = departments.data?.find((d) => d.departmentid === form.department)?.department_name ?? '';
    register.mutate(
      {
        ...form,
        department_name: departmentName,
        isAdmin: role === 'admin',
        isModerator: role === 'moderator',
      },
      {
        onSuccess: () => close(false),
        onError: (failure) => {
          const kind = failureKind(failure);
          setError(
            typeof kind === 'object'
              ? kind.server
              : t(
                  kind === 'unexpected'
                    ? 'adminAgents.unexpected'
                    : kind === 'noResponse'
                      ? 'adminAgents.noResponse'
                      : 'adminAgents.requestError',
                ),
          );
        },
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={close} title={t('adminAgents.registerTitle')} closeLabel={t('common.close')}>
      <form
        className={`${formStyles.form} ${styles.form}`}
        onSubmit={submit}
        noValidate
        aria-describedby={error ? 'register-error' : undefined}
      >
        <div className={styles.formRow}>
          <TextField label={t('adminAgents.firstName')} autoComplete="off" {...field('firstName')} />
          <TextField label={t('adminAgents.lastName')} autoComplete="off" {...field('lastName')} />
        </div>
        <TextField label={t('adminAgents.email')} type="email" autoComplete="off" {...field('email')} />
        <PasswordField label={t('adminAgents.password')} autoComplete="new-password" {...field('pass')} />
        <PasswordField
          label={t('adminAgents.confirmPassword')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <DepartmentSelect {...field('department')} />
        <RoleField role={role} onChange={setRole} />
        {error && (
          <Alert tone="error" id="register-error" className={styles.preLine}>
            {error}
          </Alert>
        )}
        <div className={formStyles.actions}>
          <Button type="button" variant="secondary" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={register.isPending}>
            {t('adminAgents.register')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
