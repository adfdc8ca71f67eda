import { BookOpen, Keyboard } from 'lucide-react';
import { APP_VERSION, USER_GUIDE_PATH } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import styles from './WorkspaceShell.module.css';

interface WorkspaceFooterProps {
  onShowShortcuts?: () => void;
}

/**
 * User guide, the shortcuts sheet and version (SPEC §2 Footer), on the wide layout. The narrow one has no footer:
 * the guide and version are in the header's account menu, and the view tabs are its one navigation.
 */
export function WorkspaceFooter({ onShowShortcuts }: WorkspaceFooterProps) {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.meta}>
        <a href={USER_GUIDE_PATH} target="_blank" rel="noopener noreferrer" className={styles.guide}>
          <BookOpen size={15} aria-hidden="true" />
          {t('workspace.userGuide')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
        {onShowShortcuts && (
          <button type="button" className={styles.shortcuts} onClick={onShowShortcuts}>
            <Keyboard size={15} aria-hidden="true" />
            {t('shortcuts.open')}
            <kbd className={styles.shortcutKey}>?</kbd>
          </button>
        )}
        <span className={styles.version}>{t('app.version', { version: APP_VERSION })}</span>
      </div>
    </footer>
  );
}
