import { PASSWORD_CHECKS, passwordChecks } from '@kreechat/contract';
import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './PasswordHints.module.css';

interface PasswordHintsProps {
  password: string;
  id?: string;
}

/**
 * The live checklist under 'Password must include:' (SPEC §5), under every new-password field (registration, reset,
 * change of password). Not a live region: it is read with the password
 * field (aria-describedby), so it does not chatter on every keystroke.
 */
export function PasswordHints({ password, id }: PasswordHintsProps) {
  const { t } = useTranslation();
  const results = passwordChecks(password);
  return (
    <div id={id} className={styles.hints}>
      <p className={styles.hintsTitle}>{t('auth.passwordHints.title')}</p>
      <ul className={styles.hintsList}>
        {PASSWORD_CHECKS.map(({ key }) => {
          const met = results[key];
          return (
            <li key={key} className={styles.hint} data-met={met}>
              {met ? (
                <Check className={styles.hintIcon} size={14} strokeWidth={3} aria-hidden="true" />
              ) : (
                <Circle className={styles.hintIcon} size={14} aria-hidden="true" />
              )}
              <span>{t(`auth.passwordHints.${key}`)}</span>
              <span className="visually-hidden">
                {' '}
                ({met ? t('auth.passwordHints.met') : t('auth.passwordHints.notMet')})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
