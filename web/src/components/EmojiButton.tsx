import { lazy, Suspense, useEffect } from 'react';
import { Smile } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { loadAgain } from '@/lib/load-again';
import toolPopover from '@/styles/tool-popover.module.css';
import { IconButton } from './IconButton';
import { Spinner } from './Spinner';
import { usePopover } from './use-popover';
import styles from './EmojiButton.module.css';

const loadPanel = loadAgain(() => import('./EmojiPickerPanel'));
// The picker and its emoji data are a large share of a chat screen's code: fetched on first use, not at start.
const EmojiPickerPanel = lazy(loadPanel);

interface EmojiButtonProps {
  /** Called with the chosen emoji; put it into the text field (and focus there). */
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/**
 * A button opening the emoji picker in a popover above it. Escape or a click elsewhere closes it, Escape returning
 * focus to the button; after a pick it closes and focus stays where `onPick` put it (else it returns too).
 */
export function EmojiButton({ onPick, disabled = false }: EmojiButtonProps) {
  const { t } = useTranslation();
  const { open, setOpen, close, popoverId, popover, wrapperProps, buttonProps } = usePopover({ disabled });

  // Until the picker's search field takes focus, the popover holds it, so Escape works from the first moment.
  // (Once loaded, the picker mounts at once and focuses its search before this runs.)
  useEffect(() => {
    const element = popover.current;
    if (open && element && !element.contains(document.activeElement)) element.focus();
  }, [open]);

  const pick = (emoji: string) => {
    onPick(emoji);
    const focusInside = popover.current?.contains(document.activeElement) ?? false;
    close(focusInside);
  };

  return (
    <span {...wrapperProps} className={toolPopover.wrapper}>
      <IconButton
        {...buttonProps}
        label={t('composer.emoji')}
        tooltipPlacement="top"
        disabled={disabled}
        data-open={open || undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Smile size={19} aria-hidden="true" />
      </IconButton>
      {open && (
        <div
          ref={popover}
          id={popoverId}
          role="dialog"
          aria-label={t('composer.emojiPicker')}
          tabIndex={-1}
          className={`${toolPopover.popover} ${styles.popover}`}
        >
          <Suspense
            fallback={
              <div className={styles.loading}>
                <Spinner label={t('composer.emojiLoading')} />
              </div>
            }
          >
            <EmojiPickerPanel lang={currentLanguage()} onPick={pick} />
          </Suspense>
        </div>
      )}
    </span>
  );
}
