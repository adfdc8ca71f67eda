import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { connection, type ConnectionMonitor } from '@/lib/connection';
import styles from './ConnectionBanner.module.css';

/** A socket that drops and comes back within this time (a deploy's handover, a network blip) shows nothing. */
export const SOCKET_GRACE_MS = 1_500;

/**
 * The page lost the server: a polite status line over the top of the page (fixed, so nothing moves) until calls
 * and live sockets work again. What the page shows is then fetched again by the data layer (lib/query-client.ts),
 * which this banner does without: it shows on /login too.
 */
export function ConnectionBanner({ monitor = connection }: { monitor?: ConnectionMonitor }) {
  const { t } = useTranslation();
  const status = useSyncExternalStore(monitor.subscribe, monitor.status);
  const [graceOver, setGraceOver] = useState(false);

  useEffect(() => {
    setGraceOver(false);
    if (status !== 'reconnecting') return;
    const timer = setTimeout(() => setGraceOver(true), SOCKET_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const message =
    status === 'lost'
      ? t('connection.lost')
      : status === 'reconnecting' && graceOver
        ? t('connection.reconnecting')
        : '';
  // The live region stays in the page, so screen readers announce the text when it appears; the status role is
  // the message's own, so the page has no empty status besides its others.
  return (
    <div aria-live="polite" className={styles.region}>
      {message && (
        <p role="status" className={styles.banner}>
          {message}
        </p>
      )}
    </div>
  );
}
