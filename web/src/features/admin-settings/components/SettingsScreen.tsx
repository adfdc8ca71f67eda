import { useEffect } from 'react';
import { Archive, Building2, Clock, HardDrive, Mail, MessageSquareText, Plug, type LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TabList } from '@/components/TabList';
import { useHiddenEnds } from '@/lib/use-hidden-ends';
import pageStyles from '@/styles/page.module.css';
import { CommunicationServices } from './CommunicationServices';
import { AutomaticMessagesPanel } from './AutomaticMessagesPanel';
import { ComingSoonSection } from './ComingSoonSection';
import { DepartmentsPanel } from './DepartmentsPanel';
import { OpeningHoursPanel } from './OpeningHoursPanel';
import { RetentionPanel } from './RetentionPanel';
import { StoragePanel } from './StoragePanel';
import styles from './settings.module.css';

const TABS = [
  'departments',
  'communication',
  'automatic-messages',
  'opening-hours',
  'data-retention',
  'storage',
  'email-integration',
] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

const ICONS: Record<Tab, LucideIcon> = {
  departments: Building2,
  communication: Plug,
  'automatic-messages': MessageSquareText,
  'opening-hours': Clock,
  'data-retention': Archive,
  storage: HardDrive,
  'email-integration': Mail,
};

/**
 * Admin panel → Settings (SPEC §2): Departments, Communication services, Automatic messages, Opening hours, Data
 * retention and Storage, then Email integration, which says 'Coming soon.'. `?tab=` keeps the choice.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'departments';
  // The strip fades out where more tabs wait.
  const strip = useHiddenEnds<HTMLDivElement>();

  const choose = (next: Tab) => setParams(next === 'departments' ? {} : { tab: next }, { replace: true });

  // The strip scrolls sideways when the tabs do not fit: a tab chosen by `?tab=` or by keyboard is brought into view.
  useEffect(() => {
    document.getElementById(`settings-tab-${tab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const labels: Record<Tab, string> = {
    departments: t('settings.departments.tab'),
    communication: t('settings.communication.tab'),
    'automatic-messages': t('settings.automaticMessages.tab'),
    'opening-hours': t('settings.openingHours.tab'),
    'data-retention': t('retention.tab'),
    storage: t('storage.tab'),
    'email-integration': t('settings.emailIntegration.tab'),
  };

  return (
    <div className={pageStyles.screen}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{t('settings.title')}</h1>
      </div>
      <TabList
        listRef={strip.ref}
        className={styles.tabs}
        tabClassName={styles.tab}
        label={t('settings.sections')}
        idPrefix="settings"
        tabs={TABS}
        selected={tab}
        onSelect={choose}
        data-more-start={strip.hidden.start}
        data-more-end={strip.hidden.end}
        render={(name) => {
          const Icon = ICONS[name];
          return (
            <>
              <Icon size={17} aria-hidden="true" />
              {labels[name]}
            </>
          );
        }}
      />
      <div
        id={`settings-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`settings-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'departments' ? (
          <DepartmentsPanel />
        ) : tab === 'communication' ? (
          <CommunicationServices />
        ) : tab === 'automatic-messages' ? (
          <AutomaticMessagesPanel />
        ) : tab === 'opening-hours' ? (
          <OpeningHoursPanel />
        ) : tab === 'data-retention' ? (
          <RetentionPanel />
        ) : tab === 'storage' ? (
          <StoragePanel />
        ) : (
          <ComingSoonSection
            id={tab}
            title={labels[tab]}
            icon={ICONS[tab]}
            text={t('settings.emailIntegration.soon')}
          />
        )}
      </div>
    </div>
  );
}
