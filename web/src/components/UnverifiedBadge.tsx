import { ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from './Tooltip';
import styles from './UnverifiedBadge.module.css';

interface UnverifiedBadgeProps {
  /**
   * `chip` (the default): a tab stop whose tooltip shows the explanation on hover and keyboard focus.
   * `compact`: a ticket card's mark, no tab stop (the list keeps one per card) and no tooltip box (the row's paint
   * containment would clip it). The card's own button says it instead: its name ends with the word, its
   * `aria-describedby` points at `noteId` and its title (the button covers the card) shows the explanation on hover;
   * the mark itself is hidden from screen readers.
   */
  variant?: 'chip' | 'compact';
  /** `compact`: the id of the explanation, for the card's button to describe itself with. */
  noteId?: string;
  tooltipPlacement?: 'top' | 'bottom' | 'right' | 'left';
  tooltipAlign?: 'center' | 'start' | 'end';
  /** On the outermost element (a chip's tooltip wrapper), for placing it. */
  className?: string;
}

/**
 * "Not verified": the client wrote as a WordPress guest, so their name and e-mail are only what they typed (a guest
 * may type a signed-in visitor's e-mail). Said by an icon and a word, never by colour alone, with the why read out.
 */
export function UnverifiedBadge({
  variant = 'chip',
  noteId,
  tooltipPlacement = 'bottom',
  tooltipAlign = 'start',
  className,
}: UnverifiedBadgeProps) {
  const { t } = useTranslation();
  const label = t('clientVerification.notVerified');
  const explanation = t('clientVerification.guestExplanation');
  if (variant === 'compact') {
    return (
      <span className={[styles.badge, className].filter(Boolean).join(' ')} data-variant="compact">
        <span className={styles.mark} aria-hidden="true">
          <ShieldQuestion size={12} />
          {label}
        </span>
        <span id={noteId} className="visually-hidden">
          {explanation}
        </span>
      </span>
    );
  }
  return (
    <Tooltip content={explanation} placement={tooltipPlacement} align={tooltipAlign} className={className}>
      {() => (
        // Focusable so a keyboard shows the tooltip; the explanation is in its text, for every screen reader mode.
        <span className={styles.badge} data-variant="chip" role="note" tabIndex={0}>
          <ShieldQuestion size={14} aria-hidden="true" />
          {label}
          <span className="visually-hidden">: {explanation}</span>
        </span>
      )}
    </Tooltip>
  );
}
