import { useTranslation } from 'react-i18next';
import {
  humanize,
  knownValue,
  QUALITY_RATINGS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  THROUGHPUT_LEVELS,
  VERIFICATION_STATUSES,
  type Tone,
} from '@/features/admin-settings/lib/whatsapp-values';
import wa from './whatsapp.module.css';

type Kind = 'verification' | 'quality' | 'throughput' | 'templateStatus' | 'category';

/**
 * One of Graph's capitalised values in the admin's language (a known one translated, a newer one in words), as a
 * badge when it has a tone.
 */
export function GraphValue({ kind, value, tone }: { kind: Kind; value: string | null; tone?: Tone }) {
  const { t } = useTranslation();
  const label = (): string | null => {
    if (!value) return null;
    switch (kind) {
      case 'verification': {
        const known = knownValue(value, VERIFICATION_STATUSES);
        return known && t(`settings.whatsapp.values.verification.${known}`);
      }
      case 'quality': {
        const known = knownValue(value, QUALITY_RATINGS);
        return known && t(`settings.whatsapp.values.quality.${known}`);
      }
      case 'throughput': {
        const known = knownValue(value, THROUGHPUT_LEVELS);
        return known && t(`settings.whatsapp.values.throughput.${known}`);
      }
      case 'templateStatus': {
        const known = knownValue(value, TEMPLATE_STATUSES);
        return known && t(`settings.whatsapp.values.templateStatus.${known}`);
      }
      case 'category': {
        const known = knownValue(value, TEMPLATE_CATEGORIES);
        return known && t(`settings.whatsapp.values.category.${known}`);
      }
      default: {
        const unknown: never = kind;
        return unknown;
      }
    }
  };
  if (!value?.trim()) return <span className={wa.muted}>—</span>;
  const text = label() ?? humanize(value);
  if (!tone) return <span>{text}</span>;
  return (
    <span className={wa.badge} data-tone={tone}>
      {text}
    </span>
  );
}
