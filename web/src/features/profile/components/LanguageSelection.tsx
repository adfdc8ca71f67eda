import { useState } from 'react';
import { ArrowLeft, Check } from 'lucide-react';
import { LANGUAGES, type Language } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { LANGUAGE_NAMES } from '@/lib/languages';
import { useChangeLang } from '@/features/profile/api/change-lang';
import pageStyles from '@/styles/page.module.css';
import styles from './profile.module.css';

interface LanguageSelectionProps {
  current: Language;
  onBack: () => void;
}

/** The 8 languages in their own names; the current one is checked (SPEC §2 Language selection). */
export function LanguageSelection({ current, onBack }: LanguageSelectionProps) {
  const { t } = useTranslation();
  const changeLang = useChangeLang();
  const [failed, setFailed] = useState(false);

  const choose = (lang: Language) => {
    if (lang === current || changeLang.isPending) return;
    setFailed(false);
    changeLang.mutate(lang, { onError: () => setFailed(true) });
  };

  return (
    <div className={pageStyles.column}>
      <div className={pageStyles.header}>
        <Button variant="ghost" size="sm" icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
          {t('common.back')}
        </Button>
      </div>
      <div className={`${pageStyles.card} ${styles.card}`}>
        <h1 className={pageStyles.title}>{t('profile.language')}</h1>
        <p className={pageStyles.intro}>{t('profile.languageIntro')}</p>
        {failed && <Alert tone="error">{t('profile.languageFailed')}</Alert>}
        <ul className={styles.languageList}>
          {LANGUAGES.map((lang) => {
            const isCurrent = lang === current;
            const isSaving = changeLang.isPending && changeLang.variables === lang;
            return (
              <li key={lang}>
                <button
                  type="button"
                  className={styles.languageOption}
                  aria-current={isCurrent ? 'true' : undefined}
                  aria-busy={isSaving || undefined}
                  disabled={changeLang.isPending && !isSaving}
                  onClick={() => choose(lang)}
                >
                  <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
                  {isSaving ? (
                    <Spinner size="sm" />
                  ) : isCurrent ? (
                    <>
                      <Check size={18} strokeWidth={2.5} aria-hidden="true" className={styles.check} />
                      <span className="visually-hidden">({t('profile.currentLanguage')})</span>
                    </>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
