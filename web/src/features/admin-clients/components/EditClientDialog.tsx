import { useState, type FormEvent } from 'react';
import type { Client } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';
import { errorMessage } from '@/lib/api-client';
import { useUpdateClient } from '@/features/admin-clients/api/clients';
import formStyles from '@/styles/form.module.css';

type Fields = { client_name: string; address: string; account_number: string; note: string };

/** The form's boxes, in order, with the longest text the server takes for each. */
const FIELDS = [
  { name: 'client_name', label: 'adminClients.name', maxLength: 200 },
  { name: 'address', label: 'adminClients.address', maxLength: 500 },
  { name: 'account_number', label: 'adminClients.accountNumber', maxLength: 100 },
  { name: 'note', label: 'adminClients.note', maxLength: 2000 },
] as const satisfies readonly { name: keyof Fields; label: string; maxLength: number }[];

/** The client update form (SPEC §2): every field is required (SPEC §5). */
export function EditClientDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateClient();
  const [fields, setFields] = useState<Fields>({
    client_name: client.client_name,
    address: client.address ?? '',
    account_number: client.account_number ?? '',
    note: client.note ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((old) => ({ ...old, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(fields).some((value) => !value.trim())) {
      setProblem(t('adminClients.fieldsMissing'));
      return;
    }
    setProblem(null);
    update.mutate(
      { ...fields, clientid: client.clientid },
      {
        onSuccess: onClose,
        onError: (error) => setProblem(errorMessage(error, t('adminClients.updateFailed'))),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('adminClients.editTitle')}
      closeLabel={t('adminClients.close')}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {problem && <Alert tone="error">{problem}</Alert>}
        {FIELDS.map(({ name, label, maxLength }) => (
          <TextField
            key={name}
            label={t(label)}
            value={fields[name]}
            onChange={set(name)}
            required
            maxLength={maxLength}
          />
        ))}
        <div className={formStyles.actions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('adminClients.cancel')}
          </Button>
          <Button type="submit" busy={update.isPending}>
            {t('adminClients.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
