import { useState } from 'react';
import { useNavigate } from 'react-router';
import { History, Lock, LockOpen, MessageSquareText, Pencil, Star, Ticket, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Avatar } from '@/components/Avatar';
import { Button } from '@/components/Button';
import { EmptyState } from '@/components/EmptyState';
import { IconButton } from '@/components/IconButton';
import { SelectField } from '@/components/SelectField';
import { Skeleton } from '@/components/Skeleton';
import { dateTime } from '@/lib/dates';
import { shortId } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { ROLE_NAME } from '@/lib/roles';
import { useSession } from '@/lib/session';
import { useAgentProfile, useToggleDisabled } from '@/features/admin-agents/api/agents';
import {
  ACTION_FILTERS,
  agentName,
  eraseOffer,
  filterActions,
  type ActionFilter,
} from '@/features/admin-agents/lib/agents';
import pageStyles from '@/styles/page.module.css';
import { EraseAgentDialog } from './EraseAgentDialog';
import { UpdateAgentForm } from './UpdateAgentForm';
import styles from './agents.module.css';

/** `/admin-panel/user-profile/:shortId` (admins only): one agent's details, widgets and recent actions. */
export function AgentProfileScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useAgentProfile(id);
  const toggleDisabled = useToggleDisabled();
  const [editing, setEditing] = useState(false);
  const [filter, setFilter] = useState<ActionFilter>('all');
  const [erasing, setErasing] = useState(false);

  if (profile.isError) {
    return (
      <section className={pageStyles.screen}>
        <EmptyState
          icon={<UserX size={28} aria-hidden="true" />}
          title={t('adminAgents.profileNotFound')}
          titleAs="h1"
          action={
            <Button variant="secondary" onClick={() => void navigate('/admin-panel/agents')}>
              {t('adminAgents.return')}
            </Button>
          }
        />
      </section>
    );
  }
  if (!profile.data) {
    return (
      <section className={pageStyles.screen} aria-busy="true">
        <Skeleton height={96} width={96} radius="full" />
        <Skeleton height={24} width={240} />
        <Skeleton height={160} />
      </section>
    );
  }

  const { user, tickets, bubbles, rating, actions } = profile.data;
  const name = agentName(user, t('agentErase.formerAgent'));
  const own = user.userid === session.id;
  const disabled = Boolean(user.closed_on);
  const erased = user.erased_on;
  const offer = eraseOffer(user, session.id);
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const shown = filterActions(actions, filter);
  const rows: [string, string][] = [
    [t('adminAgents.email'), erased ? t('agentErase.emailRemoved') : user.email],
    [t('adminAgents.department'), user.department_name ?? t('adminAgents.noDepartment')],
    [t('adminAgents.role'), t(ROLE_NAME[user.role])],
    [t('adminAgents.createdOn'), dateTime(user.created_on, lang)],
    [
      t('adminAgents.lastLogin'),
      user.last_logged_on ? dateTime(user.last_logged_on, lang) : t('adminAgents.neverLogged'),
    ],
    [
      t('adminAgents.push'),
      user.push_subscription === 'subscribed' ? t('adminAgents.pushEnabled') : t('adminAgents.pushDisabled'),
    ],
  ];

  return (
    <section className={pageStyles.screen} aria-labelledby="profile-name">
      <header className={styles.profileHeader}>
        <Avatar src={user.profile_pic} alt={name} size={96} />
        <div className={styles.profileTitle}>
          <h1 id="profile-name" className={pageStyles.title}>
            {name}
          </h1>
          <span className={styles.muted}>
            #{shortId(user.userid)} ·{' '}
            {erased
              ? t('agentErase.erasedStatus')
              : disabled
                ? t('adminAgents.disabled')
                : t(`adminAgents.${user.status}`)}
          </span>
        </div>
        {!erased && (
          <div className={styles.profileActions}>
            {!own && (
              <IconButton
                label={disabled ? t('adminAgents.unlock', { name }) : t('adminAgents.lock', { name })}
                tooltip={disabled ? t('adminAgents.unlockTooltip') : t('adminAgents.lockTooltip')}
                onClick={() => toggleDisabled.mutate({ userid: user.userid })}
              >
                {disabled ? <Lock size={18} aria-hidden="true" /> : <LockOpen size={18} aria-hidden="true" />}
              </IconButton>
            )}
            <IconButton
              label={t('adminAgents.edit', { name })}
              tooltip={t('adminAgents.editTitle')}
              tooltipAlign="end"
              aria-expanded={editing}
              onClick={() => setEditing((e) => !e)}
            >
              <Pencil size={18} aria-hidden="true" />
            </IconButton>
          </div>
        )}
      </header>

      {editing && !erased && <UpdateAgentForm user={user} onDone={() => setEditing(false)} />}

      {erased && (
        <Alert tone="info" title={t('agentErase.erasedTitle')}>
          {t('agentErase.erasedNote', { date: dateTime(erased, lang) })}
        </Alert>
      )}
      {offer === 'offer' && (
        <div className={styles.eraseBox}>
          <p>{t('agentErase.offer')}</p>
          <Button variant="danger" onClick={() => setErasing(true)}>
            {t('agentErase.open')}
          </Button>
        </div>
      )}
      {erasing && offer === 'offer' && <EraseAgentDialog agent={user} onClose={() => setErasing(false)} />}

      <dl className={styles.info}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.infoRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <div className={styles.widgets}>
        <div className={styles.widget}>
          <Ticket size={20} aria-hidden="true" />
          <span className={styles.widgetLabel}>{t('adminAgents.ticketsHandled')}</span>
          <strong className={styles.widgetValue}>{tickets}</strong>
        </div>
        <div className={styles.widget}>
          <MessageSquareText size={20} aria-hidden="true" />
          <span className={styles.widgetLabel}>{t('adminAgents.bubblesCreated')}</span>
          <strong className={styles.widgetValue}>{bubbles}</strong>
        </div>
        <div className={styles.widget}>
          <Star size={20} aria-hidden="true" />
          <span className={styles.widgetLabel}>{t('adminAgents.rating')}</span>
          <strong className={styles.widgetValue}>
            {rating === null
              ? t('adminAgents.notRated')
              : t('adminAgents.ratingValue', { rating: number.format(rating), max: 3 })}
          </strong>
        </div>
      </div>

      <section className={styles.actions} aria-labelledby="actions-title">
        <div className={pageStyles.header}>
          <h2 id="actions-title" className={styles.subtitle}>
            {t('adminAgents.recentActions')}
          </h2>
          <SelectField
            label={t('adminAgents.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value as ActionFilter)}
          >
            {ACTION_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`adminAgents.filters.${f}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {shown.length === 0 ? (
          <EmptyState icon={<History size={28} aria-hidden="true" />} title={t('adminAgents.noActions')} />
        ) : (
          <ul className={styles.actionList}>
            {shown.map((a, i) => (
              <li key={`${a.action_time}-${i}`} className={styles.actionItem}>
                <span>{t(`adminAgents.actionTypes.${a.action_type}`)}</span>
                {a.ticketid && <span className={styles.muted}>#{shortId(a.ticketid)}</span>}
                {a.rating !== null && <span>{t('adminAgents.ratingValue', { rating: a.rating, max: 3 })}</span>}
                <time className={styles.muted} dateTime={a.action_time}>
                  {dateTime(a.action_time, lang)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
