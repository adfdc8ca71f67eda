import { useTranslation } from 'react-i18next';
import { LazyModal as Modal } from '@/components/lazy-dialogs';
import { SHORTCUT_GROUPS, SHORTCUT_KEYS } from '@/features/workspace/lib/shortcuts';
import styles from './ShortcutsSheet.module.css';

/** How a key reads on the sheet: arrows as arrows, Alt by its name. */
const keyLabel = (key: string) => key.replace('Alt+', 'Alt + ').replace('ArrowDown', '↓').replace('ArrowUp', '↑');

/** The `?` help sheet: every workspace shortcut, grouped. */
export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('shortcuts.title')} closeLabel={t('common.close')}>
      <p className={styles.intro}>{t('shortcuts.intro')}</p>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.id} className={styles.group} aria-labelledby={`shortcuts-${group.id}`}>
          <h3 id={`shortcuts-${group.id}`} className={styles.groupTitle}>
            {t(`shortcuts.group.${group.id}`)}
          </h3>
          <dl className={styles.list}>
            {group.actions.map((action) => (
              <div key={action} className={styles.row}>
                <dt>{t(`shortcuts.action.${action}`)}</dt>
                <dd className={styles.keys}>
                  {SHORTCUT_KEYS[action].map((key, index) => (
                    <span key={key}>
                      {index > 0 && <span className={styles.or}>{t('shortcuts.or')}</span>}
                      <kbd className={styles.key}>{keyLabel(key)}</kbd>
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
