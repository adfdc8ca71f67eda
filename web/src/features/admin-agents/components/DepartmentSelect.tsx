import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/SelectField';
import { useDepartmentChoices } from '@/features/admin-agents/api/agents';

interface DepartmentSelectProps {
  /** The department's id; '' until one is chosen. */
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/** An agent's department, chosen from the company's: none is chosen until the admin picks one. */
export function DepartmentSelect({ value, onChange }: DepartmentSelectProps) {
  const { t } = useTranslation();
  const departments = useDepartmentChoices();
  return (
    <SelectField label={t('adminAgents.department')} value={value} onChange={onChange}>
      <option value="" disabled>
        {t('adminAgents.selectDepartment')}
      </option>
      {departments.data?.map((d) => (
        <option key={d.departmentid} value={d.departmentid}>
          {d.department_name}
        </option>
      ))}
    </SelectField>
  );
}
