import { Globe } from 'lucide-react';
import { LANGUAGES } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { applyLanguage, currentLanguage } from '@/lib/i18n';
import { LANGUAGE_NAMES } from '@/lib/languages';
import styles from './AuthLayout.module.css';

/** Language choice before login; it is remembered on this device until the account's preference applies. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const value = currentLanguage();
  return (
    <div className={styles.language}>
      <Globe size={16} aria-hidden="true" />
      <label htmlFor="auth-language" className={styles.languageLabel}>
        {t('common.language')}
      </label>
      <select
        id="auth-language"
        className={styles.languageSelect}
        value={value}
        onChange={(event) => void applyLanguage(event.target.value)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
