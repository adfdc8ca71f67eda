import type { Platform } from '@kreechat/contract';

/** Brand names stay as they are in every language. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  wordpress: 'WordPress',
  viber: 'Viber',
};

const COLOURS: Record<Platform, string> = {
  telegram: '#229ed9',
  whatsapp: '#1faa53',
  wordpress: '#21759b',
  viber: '#7360f2',
};

const HANDSET =
  'M9.2 7.3c.3-.3.8-.3 1.1 0l1.1 1.7c.2.3.1.8-.1 1l-.7.7c.6 1.2 1.5 2.1 2.7 2.7l.7-.7c.3-.2.7-.3 1-.1l1.7 1.1c.3.3.3.8 0 1.1l-.9.9c-.6.6-1.4.7-2.1.4-2.4-1-4.3-2.9-5.3-5.3-.3-.7-.2-1.5.4-2.1z';

function Glyph({ platform }: { platform: Platform }) {
  switch (platform) {
    case 'telegram':
      return (
        <path
          d="M5.6 11.7l10.9-4.2c.5-.2.95.12.8.88l-1.86 8.76c-.13.62-.5.77-1.02.48l-2.82-2.08-1.36 1.31c-.15.15-.28.28-.57.28l.2-2.87 5.22-4.72c.23-.2-.05-.31-.35-.11l-6.45 4.06-2.78-.87c-.6-.19-.61-.6.13-.9z"
          fill="#fff"
        />
      );
    case 'whatsapp':
    case 'viber':
      return <path d={HANDSET} fill="#fff" />;
    case 'wordpress':
      return (
        <path
          d="M6.2 8.4l2.6 7.4 2.4-6 .8 0 2.4 6 2.6-7.4"
          fill="none"
          stroke="#fff"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      );
    default: {
      const unknown: never = platform;
      return unknown;
    }
  }
}

interface PlatformIconProps {
  platform: Platform;
  size?: number;
  className?: string;
}

/** The channel a ticket came from, as a small round brand mark. Decorative: show the platform name beside it. */
export function PlatformIcon({ platform, size = 16, className }: PlatformIconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      <circle cx="12" cy="12" r="12" fill={COLOURS[platform]} />
      <Glyph platform={platform} />
    </svg>
  );
}
