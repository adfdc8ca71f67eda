import type { ChannelState } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import styles from './ChannelStatus.module.css';

/**
 * A channel's state in words, not colour alone: "Connected · @fjord_bot" or "Not connected". The addresses are
 * where clients reach the company (bot, numbers, sites); the Settings cards and the first-run checklist both show it.
 */
export function ChannelStatus({ state, className }: { state: Omit<ChannelState, 'platform'>; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={[styles.status, state.connected && styles.connected, className].filter(Boolean).join(' ')}>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>
        {state.connected ? t('channelStatus.connected') : t('channelStatus.notConnected')}
        {state.addresses.length > 0 && (
          <>
            {' · '}
            <span className={styles.addresses}>{state.addresses.join(', ')}</span>
          </>
        )}
      </span>
    </span>
  );
}
