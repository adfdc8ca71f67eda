import { useState } from 'react';
import { FileText, Home, Phone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLiveTemplates } from '@/features/admin-settings/hooks/use-live-templates';
import { ServiceCard } from './ServiceCard';
import { SubViews } from './SubViews';
import { WhatsAppAccounts } from './WhatsAppAccounts';
import { WhatsAppHome } from './WhatsAppHome';
import { WhatsAppTemplates } from './WhatsAppTemplates';

/** SPEC §2's sub-views home_page, whatsapp_accounts and templates, as `?wa=` values (home is the default). */
const VIEWS = ['home', 'accounts', 'templates'] as const;
type View = (typeof VIEWS)[number];

const ICONS: Record<View, LucideIcon> = { home: Home, accounts: Phone, templates: FileText };

/**
 * Settings → Communication services → WhatsApp (SPEC §2): connecting a number, the numbers with their webhooks and
 * business profiles, and the message templates. `?wa=` keeps the sub-view.
 */
export function WhatsAppSettings() {
  const { t } = useTranslation();
  // "Register account" on the accounts view opens home with focus on the ways to connect.
  const [focusConnect, setFocusConnect] = useState(false);
  // Review results arrive while any sub-view is open, so the list is right when the admin switches to it.
  useLiveTemplates();

  const labels: Record<View, string> = {
    home: t('settings.whatsapp.views.home'),
    accounts: t('settings.whatsapp.views.accounts'),
    templates: t('settings.whatsapp.views.templates'),
  };

  return (
    <ServiceCard platform="whatsapp" title={t('settings.whatsapp.title')} intro={t('settings.whatsapp.intro')}>
      <SubViews param="wa" label={t('settings.whatsapp.views.label')} views={VIEWS} labels={labels} icons={ICONS}>
        {(view, choose) =>
          view === 'home' ? (
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
          )
        }
      </SubViews>
    </ServiceCard>
  );
}
