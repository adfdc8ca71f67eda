import { useTranslation } from 'react-i18next';
import { MESSAGE_VALUES, messageKey } from '@/features/admin-settings/lib/contract-messages';

/** A contract (or server) message in the interface language when the screen knows it, else as written. */
export function useContractMessage() {
  const { t } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = messageKey(message);
    // The keys are built from a table, so i18next's typed keys cannot check them here; locales.test.ts does.
    return key ? t(key as never, MESSAGE_VALUES) : message;
  };
}
