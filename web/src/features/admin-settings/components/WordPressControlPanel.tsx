import { Download, Globe, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/Button';
import { Skeleton } from '@/components/Skeleton';
import { Spinner } from '@/components/Spinner';
import { dateTime, shortWhen } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { useWordpressTokens } from '@/features/admin-settings/api/get-wordpress-tokens';
import { useWpCopyWords, useWpFailureText } from '@/features/admin-settings/hooks/use-wordpress-texts';
import { sitesByActivity, wpTokenFailure } from '@/features/admin-settings/lib/wordpress-tokens';
import { CopyField } from './CopyField';
import { RetryAlert } from './RetryAlert';
import views from './whatsapp.module.css';
import wp from './wordpress.module.css';

/** Where the server hands out the plugin: a plain download, not a call of the API client. */
const PLUGIN_ZIP = '/api/wordpress/plugin.zip';

/**
 * WordPress → control_panel (SPEC §2): the sites that hold a token (origin, when a widget last reached KreeChat,
 * open sessions), then the three steps to install the plugin, with the zip to download and this server's address to
 * paste into the plugin's settings.
 */
export function WordPressControlPanel({ onGenerate }: { onGenerate: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const now = useNow();
  const tokens = useWordpressTokens();
  const failureText = useWpFailureText();
  const copyWords = useWpCopyWords();
  const sites = sitesByActivity(tokens.data ?? []);
  const address = window.location.origin;

  return (
    <div className={views.view}>
      <section className={views.block} aria-labelledby="wp-sites-title" aria-busy={tokens.isPending || undefined}>
        <h4 id="wp-sites-title" className={views.blockTitle}>
          {t('settings.wordpress.panel.sitesTitle')}
        </h4>
        {tokens.isPending ? (
          <div className={wp.sites}>
            <span className="visually-hidden">
              <Spinner label={t('settings.wordpress.panel.sitesLoading')} />
            </span>
            <Skeleton width="100%" height={68} radius="md" />
          </div>
        ) : tokens.isError ? (
          <RetryAlert onRetry={() => void tokens.refetch()}>
            {failureText(wpTokenFailure(tokens.error, 'loadFailed'))}
          </RetryAlert>
        ) : sites.length === 0 ? (
          <p className={views.emptyLine}>
            <Globe size={16} aria-hidden="true" className={views.inlineIcon} />
            {t('settings.wordpress.panel.sitesEmpty')}
          </p>
        ) : (
          <ul className={wp.sites} aria-labelledby="wp-sites-title">
            {sites.map((site) => (
              <li key={site.token_id} className={wp.site} data-live={site.active_sessions > 0 || undefined}>
                <Globe size={18} aria-hidden="true" className={wp.siteIcon} />
                <div className={wp.siteText}>
                  <span className={wp.siteOrigin}>{site.site_origin}</span>
                  <span className={views.muted}>
                    {t('settings.wordpress.panel.tokenName', { name: site.token_name })}
                  </span>
                </div>
                <dl className={wp.siteStats}>
                  <div>
                    <dt>{t('settings.wordpress.panel.lastSeen')}</dt>
                    <dd>
                      {site.last_seen_at ? (
                        <time dateTime={site.last_seen_at} title={dateTime(site.last_seen_at, lang)}>
                          {shortWhen(site.last_seen_at, lang, now)}
                        </time>
                      ) : (
                        <span className={views.muted}>{t('settings.wordpress.panel.never')}</span>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('settings.wordpress.panel.activeSessions')}</dt>
                    <dd>{site.active_sessions}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={views.block} aria-labelledby="wp-steps-title">
        <h4 id="wp-steps-title" className={views.blockTitle}>
          {t('settings.wordpress.panel.stepsTitle')}
        </h4>
        <ol className={wp.steps}>
          <li className={wp.step}>
            <h5 className={wp.stepTitle}>{t('settings.wordpress.panel.step1Title')}</h5>
            <p className={wp.stepText}>{t('settings.wordpress.panel.step1')}</p>
            <div className={`${views.actions} ${wp.stepAction}`}>
              <ButtonLink
                to={PLUGIN_ZIP}
                reloadDocument
                download
                variant="primary"
                icon={<Download size={17} aria-hidden="true" />}
              >
                {t('settings.wordpress.panel.download')}
              </ButtonLink>
            </div>
          </li>
          <li className={wp.step}>
            <h5 className={wp.stepTitle}>{t('settings.wordpress.panel.step2Title')}</h5>
            <p className={wp.stepText}>{t('settings.wordpress.panel.step2')}</p>
            <div className={`${views.actions} ${wp.stepAction}`}>
              <Button variant="secondary" icon={<KeyRound size={16} aria-hidden="true" />} onClick={onGenerate}>
                {t('settings.wordpress.panel.step2Action')}
              </Button>
            </div>
          </li>
          <li className={wp.step}>
            <h5 className={wp.stepTitle}>{t('settings.wordpress.panel.step3Title')}</h5>
            <p className={wp.stepText}>{t('settings.wordpress.panel.step3')}</p>
            <div className={wp.stepAction}>
              <CopyField
                label={t('settings.wordpress.panel.address')}
                value={address}
                copyLabel={t('settings.wordpress.panel.copyAddress')}
                words={copyWords}
              />
            </div>
          </li>
        </ol>
      </section>
    </div>
  );
}
