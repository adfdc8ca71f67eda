import { useId, type KeyboardEvent } from 'react';
import { Lock, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import notes from './notes.module.css';

export type ComposerMode = 'reply' | 'note';

/** Alt+Shift+N switches between Reply and Note (Ctrl/⌘+Shift+N belongs to the browser: a private window). */
export const isModeShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN';

/** Reply / Note above the text box, with a word on what the chosen mode means. */
export function ComposerModeBar({ mode, onChange }: { mode: ComposerMode; onChange: (mode: ComposerMode) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className={notes.modeBar}>
      <div role="radiogroup" aria-label={t('notes.modeLabel')} className={notes.modes}>
        {(['reply', 'note'] as const).map((value) => (
          <label key={value} className={notes.mode} data-mode={value}>
            <input
              type="radio"
              name={name}
              value={value}
              className={notes.modeInput}
              checked={mode === value}
              onChange={() => onChange(value)}
              aria-keyshortcuts="Alt+Shift+N"
            />
            {value === 'note' ? <Lock size={14} aria-hidden="true" /> : <MessageSquare size={14} aria-hidden="true" />}
            {t(value === 'note' ? 'notes.noteMode' : 'notes.reply')}
          </label>
        ))}
      </div>
      <span className={notes.modeHint} data-mode={mode}>
        {mode === 'note' ? t('notes.onlyColleagues') : t('notes.shortcut')}
      </span>
    </div>
  );
}
