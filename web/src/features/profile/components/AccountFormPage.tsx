import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import page from '@/styles/page.module.css';
import styles from './profile.module.css';

/**
 * The frame of a form that changes the account (edit profile, change password): a way back, a titled card with its
 * introduction, and the refusal above the form, where `errorId` lets the fields point at it.
 */
export function AccountFormPage(props: {
  title: string;
  intro: string;
  error: string | null;
  errorId: string;
  busy: boolean;
  onBack: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={page.column}>
      <div className={page.header}>
        <Button
          variant="ghost"
          size="sm"
          icon={<ArrowLeft size={16} aria-hidden="true" />}
          onClick={props.onBack}
          disabled={props.busy}
        >
          {t('common.back')}
        </Button>
      </div>
      <div className={`${page.card} ${styles.card}`}>
        <h1 className={page.title}>{props.title}</h1>
        <p className={page.intro}>{props.intro}</p>
        {props.error && (
          <Alert tone="error" id={props.errorId}>
            {props.error}
          </Alert>
        )}
        {props.children}
      </div>
    </div>
  );
}
