import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { filterTimeZones, timeZoneNames, timeZoneOptions, zoneLabel } from '@/features/admin-settings/lib/time-zones';
import fieldStyles from '@/components/Field.module.css';
import styles from './opening-hours.module.css';

/** More than this many matches are cut: a list of 400 zones is read by nobody, and typing narrows it. */
const SHOWN = 80;

/**
 * The company's time zone: a text box that filters every IANA zone as you type (the WAI-ARIA combobox pattern with
 * a list): arrows move through the matches, Enter takes one, Escape or leaving the box goes back to the chosen zone.
 * Each zone shows its offset now.
 */
export function TimeZoneCombobox({
  value,
  onChange,
  now,
  describedBy,
}: {
  value: string;
  onChange: (zone: string) => void;
  now: Date;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const listId = useId();
  const countId = useId();
  const [open, setOpen] = useState(false);
  /** What was typed since the list opened; null shows every zone (the box still reads the chosen one). */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  // Offsets change twice a year at most: the options are built again when the hour changes, not every minute.
  const hour = Math.floor(now.getTime() / 3_600_000);
  const options = useMemo(() => timeZoneOptions(timeZoneNames(value), new Date(hour * 3_600_000)), [value, hour]);
  const matches = useMemo(() => (typed === null ? options : filterTimeZones(options, typed)), [options, typed]);
  const shown = matches.slice(0, SHOWN);
  const chosen = options.find((o) => o.zone === value);
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    if (open) return;
    setTyped(null);
    setOpen(true);
    // The chosen zone is where the arrows start.
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.zone === value),
      ),
    );
  };

  const close = () => {
    setOpen(false);
    setTyped(null);
  };

  const choose = (zone: string) => {
    onChange(zone);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Home':
      case 'End':
        if (!open || shown.length === 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : last);
        break;
      case 'Enter': {
        const option = open ? shown[active] : undefined;
        if (!option) return;
        event.preventDefault();
        choose(option.zone);
        break;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  };

  const display = (open ? typed : null) ?? chosen?.label ?? zoneLabel(value);

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {t('openingHours.timeZone.label')}
      </label>
      <div className={styles.combo}>
        <div className={fieldStyles.control}>
          <input
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
            aria-describedby={[open ? countId : null, describedBy].filter(Boolean).join(' ') || undefined}
            autoComplete="off"
            spellCheck={false}
            className={[fieldStyles.input, styles.comboInput].join(' ')}
            placeholder={t('openingHours.timeZone.search')}
            value={display}
            // The whole name is selected on the way in, so typing replaces it.
            onFocus={(event) => event.target.select()}
            onClick={openList}
            onBlur={close}
            onKeyDown={onKeyDown}
            onChange={(event) => {
              setOpen(true);
              setTyped(event.target.value);
              setActive(0);
            }}
          />
          <span className={styles.comboOffset} aria-hidden="true">
            {chosen?.offset}
          </span>
          <ChevronDown className={fieldStyles.chevron} size={18} aria-hidden="true" />
        </div>
        <span id={countId} className="visually-hidden" aria-live="polite">
          {open ? t('openingHours.timeZone.matches', { count: matches.length }) : ''}
        </span>
        <div className={styles.comboPopup} hidden={!open}>
          <ul ref={listRef} id={listId} role="listbox" aria-label={t('openingHours.timeZone.label')}>
            {shown.map((option, index) => (
              <li
                key={option.zone}
                id={optionId(index)}
                role="option"
                aria-selected={option.zone === value}
                data-index={index}
                data-active={index === active || undefined}
                className={styles.comboOption}
                // Keep the focus in the box: a click would blur it (and close the list) before it lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option.zone)}
              >
                <span className={styles.comboZone}>{option.label}</span>
                <span className={styles.comboZoneOffset}>{option.offset}</span>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className={styles.comboNote}>{t('openingHours.timeZone.none')}</p>}
          {matches.length > SHOWN && (
            <p className={styles.comboNote}>{t('openingHours.timeZone.more', { count: matches.length - SHOWN })}</p>
          )}
        </div>
      </div>
    </div>
  );
}
