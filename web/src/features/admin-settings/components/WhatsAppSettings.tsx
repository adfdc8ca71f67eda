import { useState } from 'react';
import { FileText, Home, Phone, type LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../components/PlatformIcon';
import { TabList } from '../../../components/TabList';
import { useLiveTemplates } from '../hooks/use-live-templates';
import { WhatsAppAccounts } from './WhatsAppAccounts';
import { WhatsAppHome } from './WhatsAppHome';
import { WhatsAppTemplates } from './WhatsAppTemplates';
import styles from './settings.module.css';
import wa from './whatsapp.module.css';

/** SPEC §2's sub-views home_page, whatsapp_accounts and templates, as `?wa=` values (home is the default). */
const VIEWS = ['home', 'accounts', 'templates'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string | null): value is View => VIEWS.some((view) => view === value);

const ICONS: Record<View, LucideIcon> = { home: Home, accounts: Phone, templates: FileText };

/**
 * Settings → Communication services → WhatsApp (SPEC §2): connecting a number, the numbers with their webhooks and
 * business profiles, and the message templates. `?wa=` keeps the sub-view.
 */
export function WhatsAppSettings() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('wa');
  const view: View = isView(requested) ? requested : 'home';
  // "Register account" on the accounts view opens home with focus on the ways to connect.
  const [focusConnect, setFocusConnect] = useState(false);
  // Review results arrive while any sub-view is open, so the list is right when the admin switches to it.
  useLiveTemplates();

  const choose = (next: View) =>
    setParams(
      (old) => {
        const updated = new URLSearchParams(old);
        if (next === 'home') updated.delete('wa');
        else updated.set('wa', next);
        return updated;
      },
      { replace: true },
    );

  const labels: Record<View, string> = {
    home: t('settings.whatsapp.views.home'),
    accounts: t('settings.whatsapp.views.accounts'),
    templates: t('settings.whatsapp.views.templates'),
  };

  return (
    <div className={styles.card}>
      <div className={styles.cardHeader}>
        <PlatformIcon platform="whatsapp" size={36} />
        <div>
          <h3 className={styles.cardTitle}>{t('settings.whatsapp.title')}</h3>
          <p className={styles.sectionText}>{t('settings.whatsapp.intro')}</p>
        </div>
      </div>

      <TabList
        className={wa.segments}
        tabClassName={wa.segment}
        label={t('settings.whatsapp.views.label')}
        idPrefix="wa"
        tabs={VIEWS}
        selected={view}
        onSelect={choose}
        render={(name) => {
          const Icon = ICONS[name];
          return (
            <>
              <Icon size={16} aria-hidden="true" />
              {labels[name]}
            </>
          );
        }}
      />

      <div id={`wa-panel-${view}`} role="tabpanel" aria-labelledby={`wa-tab-${view}`} className={wa.panel}>
        {view === 'home' ? (
          <WhatsAppHome focusConnect={focusConnect} onConnectFocused={() => setFocusConnect(false)} />
        ) : view === 'accounts' ? (
          <WhatsAppAccounts
            onRegister={() => {
              setFocusConnect(true);
              choose('home');
            }}
          />
        ) : (
          <WhatsAppTemplates />
        )}
      </div>
    </div>
  );
}
