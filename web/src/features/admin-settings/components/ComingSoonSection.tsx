import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import pageStyles from '@/styles/page.module.css';
import styles from './settings.module.css';

/** A Settings section SPEC names but does not describe yet: its title, 'Coming soon.' and what it will be for. */
export function ComingSoonSection({
  id,
  title,
  icon: Icon,
  text,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  text: string;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      <div className={pageStyles.card}>
        <EmptyState icon={<Icon size={28} />} title={t('common.comingSoon')} description={text} />
      </div>
    </section>
  );
}
