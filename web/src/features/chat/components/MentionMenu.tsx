import type { Mentionable } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import suggestions from '@/styles/suggestion-menu.module.css';
import notes from './notes.module.css';

/**
 * The colleagues an `@` in a note may name, above the text box: loading, failed, none matching, or the list. The
 * caret stays in the text box (its arrow keys move `activeIndex`); `menuId` names the list and its options.
 */
export function MentionMenu({
  menuId,
  state,
  matches,
  activeIndex,
  onPick,
}: {
  menuId: string;
  state: 'pending' | 'error' | 'success';
  matches: readonly Mentionable[];
  activeIndex: number;
  onPick: (agent: Mentionable) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${suggestions.menu} ${notes.menu}`}>
      <p className={suggestions.title} id={`${menuId}-title`}>
        {t('notes.mentionsLabel')}
      </p>
      {state === 'pending' ? (
        <p className={suggestions.state} role="status">
          {t('notes.mentionsLoading')}
        </p>
      ) : state === 'error' ? (
        <p className={suggestions.state} role="alert">
          {t('notes.mentionsFailed')}
        </p>
      ) : matches.length === 0 ? (
        <p className={suggestions.state} role="status">
          {t('notes.mentionsEmpty')}
        </p>
      ) : (
        <ul id={menuId} role="listbox" aria-labelledby={`${menuId}-title`} className={suggestions.list}>
          {matches.map((agent, index) => (
            <li
              key={agent.userid}
              id={`${menuId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`${suggestions.option} ${notes.menuOption}`}
              // Keeps the caret in the text box: the click picks, the focus stays.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(agent)}
            >
              <span className={notes.menuName}>{agent.name}</span>
              {agent.department_name && <span className={notes.menuDetail}>{agent.department_name}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
