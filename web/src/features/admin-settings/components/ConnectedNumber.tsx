import { Trans } from 'react-i18next';
import { connectedNumberParts, type ConnectedNumberFields } from '@/features/admin-settings/lib/whatsapp-values';
import wa from './whatsapp.module.css';

/** "+1 555-010-0199 (Kree Support)": the phone number stays on one line, a long verified name may wrap. */
export function ConnectedNumber({ number }: { number: ConnectedNumberFields }) {
  const { phone, name } = connectedNumberParts(number);
  return (
    <>
      <span className={wa.phone}>{phone}</span>
      {name && ` (${name})`}
    </>
  );
}

/** "WhatsApp number connected! +1 555-010-0199 (Kree Support)", the number placed where the language puts it. */
export function NumberConnected({ number }: { number: ConnectedNumberFields }) {
  return <Trans i18nKey="settings.whatsapp.connected" components={{ number: <ConnectedNumber number={number} /> }} />;
}
