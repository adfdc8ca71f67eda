import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import pageStyles from '@/styles/page.module.css';
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
    <div className={pageStyles.column}>
      <div className={pageStyles.header}>
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
      <div className={`${pageStyles.card} ${styles.card}`}>
        <h1 className={pageStyles.title}>{props.title}</h1>
        <p className={pageStyles.intro}>{props.intro}</p>
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
