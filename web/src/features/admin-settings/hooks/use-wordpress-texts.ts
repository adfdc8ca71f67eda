import { useTranslation } from 'react-i18next';
import type { WpFailure } from '@/features/admin-settings/lib/wordpress-tokens';

/** A failed WordPress token call as the admin reads it: our texts in their language, the server's as it wrote them. */
export function useWpFailureText(): (failure: WpFailure) => string {
  const { t } = useTranslation();
  return (failure) => (failure.kind === 'known' ? t(`settings.wordpress.messages.${failure.key}`) : failure.text);
}

/** The words of the WordPress views' copy buttons (the address and the token). */
export function useWpCopyWords(): { copy: string; copied: string; failed: string } {
  const { t } = useTranslation();
  return {
    copy: t('settings.wordpress.copy'),
    copied: t('settings.wordpress.copied'),
    failed: t('settings.wordpress.copyFailed'),
  };
}
