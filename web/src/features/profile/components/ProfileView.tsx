import type { ReactNode } from 'react';
import { Building2, ChevronRight, Globe, IdCard, KeyRound, Mail, Pencil, ShieldCheck, Users } from 'lucide-react';
import type { Profile } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { fullName } from '@/lib/format';
import { LANGUAGE_NAMES } from '@/lib/languages';
import { ROLE_HINT, ROLE_NAME } from '@/lib/roles';
import { useSession } from '@/lib/session';
import pageStyles from '@/styles/page.module.css';
import styles from './profile.module.css';

interface ProfileViewProps {
  profile: Profile;
  onEdit: () => void;
  onLanguage: () => void;
  onPassword: () => void;
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt className={styles.detailLabel}>
        <span className={styles.detailIcon} aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

/** A row of the details that opens a page of its own: its label, what it is set to now, an arrow. */
function ActionRow(props: { term: string; icon: ReactNode; label: string; onClick: () => void; children?: ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt className="visually-hidden">{props.term}</dt>
      <dd className={styles.detailAction}>
        <button type="button" className={styles.languageButton} onClick={props.onClick}>
          <span className={styles.detailLabel}>
            <span className={styles.detailIcon} aria-hidden="true">
              {props.icon}
            </span>
            {props.label}
          </span>
          {props.children}
          <ChevronRight size={18} aria-hidden="true" className={styles.chevron} />
        </button>
      </dd>
    </div>
  );
}

/** Picture, name, e-mail, department, license, language, the way to a new password and company (SPEC §2). */
export function ProfileView({ profile, onEdit, onLanguage, onPassword }: ProfileViewProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const name = fullName(profile.firstName, profile.lastName);
  return (
    <div className={pageStyles.column}>
      <div className={pageStyles.header}>
        <h1 className={pageStyles.title}>{t('profile.profile')}</h1>
      </div>

      <div className={`${pageStyles.card} ${styles.card}`}>
        <div className={styles.identity}>
          <Avatar src={profile.profilePic} alt={t('profile.pictureAlt', { name })} size={88} />
          <div className={styles.identityText}>
            <h2 className={styles.name}>{name}</h2>
            <p className={styles.email}>{profile.email}</p>
          </div>
          <Button
            variant="secondary"
            className={styles.editButton}
            icon={<Pencil size={16} aria-hidden="true" />}
            onClick={onEdit}
          >
            {t('profile.editProfile')}
          </Button>
        </div>

        <h3 className="visually-hidden">{t('profile.accountDetails')}</h3>
        <dl className={styles.details}>
          <DetailRow icon={<Mail size={16} />} label={t('profile.email')}>
            {profile.email}
          </DetailRow>
          <DetailRow icon={<Users size={16} />} label={t('profile.department')}>
            {profile.departmentName || <span className={styles.muted}>{t('profile.noDepartment')}</span>}
          </DetailRow>
          <DetailRow icon={<ShieldCheck size={16} />} label={t('profile.role')}>
            {t(ROLE_NAME[role])}
            <span className={styles.muted}> · {t(ROLE_HINT[role])}</span>
          </DetailRow>
          <DetailRow icon={<IdCard size={16} />} label={t('profile.license')}>
            {profile.license}
          </DetailRow>
          <ActionRow
            term={t('profile.language')}
            icon={<Globe size={16} />}
            label={t('profile.language')}
            onClick={onLanguage}
          >
            <span className={styles.languageValue} lang={profile.lang}>
              {LANGUAGE_NAMES[profile.lang]}
            </span>
          </ActionRow>
          <ActionRow
            term={t('profile.password')}
            icon={<KeyRound size={16} />}
            label={t('profile.changePassword')}
            onClick={onPassword}
          />
        </dl>

        <p className={styles.managedBy}>
          <Building2 size={16} aria-hidden="true" />
          <span>{t('profile.managedBy')}</span>
          <strong>{profile.companyName}</strong>
        </p>
      </div>
    </div>
  );
}
