import { useRef, type KeyboardEvent } from 'react';
import { Building2, Plug } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CommunicationServices } from './CommunicationServices';
import { DepartmentsPanel } from './DepartmentsPanel';
import styles from './settings.module.css';

type Tab = 'departments' | 'communication';
const TABS: Tab[] = ['departments', 'communication'];

/** Admin panel → Settings (SPEC §2): the Departments and Communication services tabs; `?tab=` keeps the choice. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'communication' ? 'communication' : 'departments';
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ departments: null, communication: null });

  const choose = (next: Tab) => setParams(next === 'departments' ? {} : { tab: next }, { replace: true });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = TABS[(index + move + TABS.length) % TABS.length] ?? 'departments';
    choose(next);
    refs.current[next]?.focus();
  };

  const labels: Record<Tab, string> = {
    departments: t('settings.departments.tab'),
    communication: t('settings.communication.tab'),
  };
  const icons: Record<Tab, typeof Building2> = { departments: Building2, communication: Plug };

  return (
    <div className={styles.screen}>
      <div className={styles.screenHeader}>
        <h1 className={styles.screenTitle}>{t('settings.title')}</h1>
      </div>
      <div className={styles.tabs} role="tablist" aria-label={t('settings.sections')} onKeyDown={onKeyDown}>
        {TABS.map((name) => {
          const Icon = icons[name];
          return (
            <button
              key={name}
              ref={(node) => {
                refs.current[name] = node;
              }}
              id={`settings-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`settings-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className={styles.tab}
              onClick={() => choose(name)}
            >
              <Icon size={17} aria-hidden="true" />
              {labels[name]}
            </button>
          );
        })}
      </div>
      <div
        id={`settings-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`settings-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'departments' ? <DepartmentsPanel /> : <CommunicationServices />}
      </div>
    </div>
  );
}
