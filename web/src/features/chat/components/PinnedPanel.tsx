import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Pin, PinOff, X } from 'lucide-react';
import type { PinnedMessage } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { dateTime } from '@/lib/dates';
import { displayUsername } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { messagePreview } from '@/features/chat/lib/pins';
import styles from './ChatTools.module.css';
import { TYPE_LABEL_KEYS } from './type-label';

/** SPEC §9: the panel is capped at 50vh once its content is 300 px or taller. */
const CAP_FROM_PX = 300;

interface PinnedPanelProps {
  /** The popover's id and ref (use-popover), which places it and closes it on Escape or a click outside. */
  popoverProps: { id: string; ref: Ref<HTMLDivElement> };
  pins: PinnedMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onJump: (pin: PinnedMessage) => void;
  onUnpin: (pin: PinnedMessage) => void;
  /** Its close button: closes it and returns focus to the toggle. */
  onClose: () => void;
}

/**
 * The ticket's pinned messages (SPEC §2 pinned-messages toggle), oldest first: who pinned each, its text cut as
 * SPEC §5 says, a click jumps to it in the chat. A popover under its toggle (a bottom sheet on phones) that fades
 * in after 300 ms (SPEC §9), over the messages, so opening it moves nothing.
 */
export function PinnedPanel({
  popoverProps,
  pins,
  loading,
  failed,
  onRetry,
  onJump,
  onUnpin,
  onClose,
}: PinnedPanelProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const contentRef = useRef<HTMLDivElement>(null);
  const [capped, setCapped] = useState(false);

  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const check = () => setCapped(content.scrollHeight >= CAP_FROM_PX);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  let body;
  if (loading) {
    body = (
      <div className={styles.panelState}>
        <Spinner size="sm" label={t('chatTools.pinnedLoading')} />
      </div>
    );
  } else if (failed) {
    body = (
      <div className={styles.panelState}>
        <p className={styles.error}>{t('chatTools.pinnedFailed')}</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!pins || pins.length === 0) {
    body = (
      <p className={styles.panelState}>
        <Pin size={16} aria-hidden="true" /> {t('chatTools.pinnedEmpty')}
      </p>
    );
  } else {
    body = (
      <ul className={styles.list}>
        {pins.map((pin) => (
          <li key={pin.pinid} className={styles.entry}>
            <button type="button" className={styles.entryMain} onClick={() => onJump(pin)}>
              <span className={styles.entryText}>{messagePreview(pin) ?? t(TYPE_LABEL_KEYS[pin.type])}</span>
              <span className={styles.entryMeta}>
                {t('chatTools.pinnedBy', { name: displayUsername(pin.username) })}
                {' · '}
                <time dateTime={pin.message_created_on}>{dateTime(pin.message_created_on, lang)}</time>
              </span>
            </button>
            <IconButton
              label={t('chatTools.unpin')}
              tooltipPlacement="left"
              className={styles.entryAction}
              onClick={() => onUnpin(pin)}
            >
              <PinOff size={15} aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      {...popoverProps}
      role="region"
      aria-label={t('chatTools.pinnedTitle')}
      className={`${styles.panel} ${styles.pinnedPopover}`}
      data-capped={capped || undefined}
    >
      <div ref={contentRef}>
        <div className={styles.panelHead}>
          <h3 className={styles.panelTitle}>
            {t('chatTools.pinnedTitle')}
            {pins && pins.length > 0 && <span className={styles.count}>{pins.length}</span>}
          </h3>
          <IconButton label={t('chatFrame.closePanel')} tooltipPlacement="left" onClick={onClose}>
            <X size={16} aria-hidden="true" />
          </IconButton>
        </div>
        {body}
      </div>
    </div>
  );
}
