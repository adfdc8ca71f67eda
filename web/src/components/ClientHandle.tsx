import type { ClientIdentity, Platform } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';

/** Where a channel shows a person by their public handle; a channel without handles has no entry. */
const PROFILE_URL: Partial<Record<Platform, (handle: string) => string>> = {
  telegram: (handle) => `https://t.me/${encodeURIComponent(handle)}`,
};

/**
 * A client's public handle on a channel (Telegram's @username) as a link to their profile there, opening in a new
 * tab; nothing when the client has none or the channel has no profile pages.
 */
export function ClientHandle({
  identity,
  className,
}: {
  identity: Pick<ClientIdentity, 'platform' | 'username'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const url = PROFILE_URL[identity.platform];
  if (!identity.username || !url) return null;
  return (
    <a href={url(identity.username)} target="_blank" rel="noopener noreferrer" className={className}>
      @{identity.username}
      <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
    </a>
  );
}
