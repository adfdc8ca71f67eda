import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/IconButton';
import type { SidePanel } from '@/features/chat/hooks/use-side-panel';
import styles from './chat.module.css';

/** The Client details aside: beside the chat on wide screens, a drawer (a popover) on narrow ones. */
export function ChatSidePanel({ panel, children }: { panel: SidePanel; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <aside
      {...(panel.narrow ? panel.drawer.popoverProps : {})}
      id={panel.id}
      className={styles.sidePanel}
      aria-labelledby={`${panel.id}-title`}
      tabIndex={-1}
    >
      <div className={styles.sidePanelHead}>
        <h3 id={`${panel.id}-title`} className={styles.sidePanelTitle}>
          {t('chatFrame.clientDetails')}
        </h3>
        <IconButton label={t('chatFrame.closePanel')} tooltipPlacement="left" onClick={panel.close}>
          <X size={16} aria-hidden="true" />
        </IconButton>
      </div>
      {children}
    </aside>
  );
}
