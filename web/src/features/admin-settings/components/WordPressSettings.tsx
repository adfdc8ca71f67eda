import { KeyRound, LayoutDashboard, ListChecks, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ServiceCard } from './ServiceCard';
import { SubViews } from './SubViews';
import { WordPressControlPanel } from './WordPressControlPanel';
import { WordPressGenerate } from './WordPressGenerate';
import { WordPressTokens } from './WordPressTokens';

/** SPEC §2's sub-views control_panel, generate_token_section and view_tokens_section, as `?wp=` values. */
const VIEWS = ['panel', 'generate', 'tokens'] as const;
type View = (typeof VIEWS)[number];

const ICONS: Record<View, LucideIcon> = { panel: LayoutDashboard, generate: KeyRound, tokens: ListChecks };

/**
 * Settings → Communication services → WordPress (SPEC §2): the plugin and its connected sites, generating
 * a token for a site, and the tokens with their revocation. `?wp=` keeps the sub-view (the control panel is the
 * default). A generated token lives only in its view's state: leaving the view forgets it.
 */
export function WordPressSettings() {
  const { t } = useTranslation();

  const labels: Record<View, string> = {
    panel: t('settings.wordpress.views.panel'),
    generate: t('settings.wordpress.views.generate'),
    tokens: t('settings.wordpress.views.tokens'),
  };

  return (
    <ServiceCard platform="wordpress" title={t('settings.wordpress.title')} intro={t('settings.wordpress.intro')}>
      <SubViews param="wp" label={t('settings.wordpress.views.label')} views={VIEWS} labels={labels} icons={ICONS}>
        {(view, choose) =>
          view === 'panel' ? (
            <WordPressControlPanel onGenerate={() => choose('generate')} />
          ) : view === 'generate' ? (
            <WordPressGenerate />
          ) : (
            <WordPressTokens onGenerate={() => choose('generate')} />
          )
        }
      </SubViews>
    </ServiceCard>
  );
}
