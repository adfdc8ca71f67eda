import { useEffect, useId, useRef, useState } from 'react';
import { Search, SearchX, X } from 'lucide-react';
import { MESSAGE_SEARCH_LIMIT, type Message } from '@kreechat/contract';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/IconButton';
import { Spinner } from '@/components/Spinner';
import { dateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useSearchMessages } from '@/features/chat/api/search-messages';
import { messagePreview, splitByMatch } from '@/features/chat/lib/pins';
import styles from './ChatTools.module.css';
import { TYPE_LABEL_KEYS } from './type-label';

interface ChatSearchProps {
  ticketid: string;
  clientName: string;
  onJump: (message: Message) => void;
  onClose: () => void;
}

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {splitByMatch(text, keyword).map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className={styles.match}>
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * In-chat search (SPEC §2, §5): a box that runs on Enter with at least 1 character, and the newest matches; a
 * click jumps to the message. Escape closes it.
 */
export function ChatSearch({ ticketid, clientName, onJump, onClose }: ChatSearchProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const inputId = useId();
  const resultsId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const [showResults, setShowResults] = useState(false);
  const search = useSearchMessages(ticketid, keyword);

  useEffect(() => inputRef.current?.focus(), []);

  const submit = () => {
    const trimmed = text.trim();
    if (trimmed.length < 1) return;
    if (trimmed === keyword) void search.refetch();
    setKeyword(trimmed);
    setShowResults(true);
  };

  let results = null;
  if (showResults && keyword !== null) {
    if (search.isFetching && !search.data) {
      results = (
        <div className={styles.panelState}>
          <Spinner size="sm" label={t('chatTools.searching')} />
          <span aria-hidden="true">{t('chatTools.searching')}</span>
        </div>
      );
    } else if (search.isError) {
      results = <p className={`${styles.panelState} ${styles.error}`}>{t('chatTools.searchFailed')}</p>;
    } else if (search.data && search.data.length === 0) {
      results = (
        <p className={`${styles.panelState} ${styles.error}`} role="status">
          <SearchX size={16} aria-hidden="true" /> {t('chatTools.noResults')}
        </p>
      );
    } else if (search.data) {
      results = (
        <>
          <p className={styles.resultsSummary} role="status">
            {search.data.length >= MESSAGE_SEARCH_LIMIT
              ? t('chatTools.resultsCapped', { count: search.data.length })
              : t('chatTools.resultsCount', { count: search.data.length })}
          </p>
          <ul className={styles.list}>
            {search.data.map((message) => (
              <li key={message.messageid} className={styles.entry}>
                <button
                  type="button"
                  className={styles.entryMain}
                  onClick={() => {
                    setShowResults(false);
                    onJump(message);
                  }}
                >
                  <span className={styles.entryText}>
                    <Highlighted text={messagePreview(message) ?? t(TYPE_LABEL_KEYS[message.type])} keyword={keyword} />
                  </span>
                  <span className={styles.entryMeta}>
                    {message.automatic
                      ? t('chat.automaticLabel', { kind: t(`chat.automaticKinds.${message.automatic}`) })
                      : ((message.isagent ? message.created_by : clientName) ?? t('chat.agent'))}
                    {' · '}
                    <time dateTime={message.created_on}>{dateTime(message.created_on, lang)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      );
    }
  }

  return (
    <div
      className={styles.searchBar}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          if (showResults) setShowResults(false);
          else onClose();
        }
      }}
    >
      <form
        role="search"
        className={styles.searchForm}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('chatTools.searchLabel')}
        </label>
        <Search size={16} aria-hidden="true" className={styles.searchIcon} />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className={styles.searchInput}
          placeholder={t('chatTools.searchPlaceholder')}
          value={text}
          maxLength={200}
          aria-controls={showResults ? resultsId : undefined}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => keyword !== null && setShowResults(true)}
        />
        <IconButton label={t('chatTools.searchRun')} type="submit" disabled={text.trim().length < 1}>
          <Search size={16} aria-hidden="true" />
        </IconButton>
        <IconButton label={t('chatTools.searchClose')} onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </IconButton>
      </form>
      {results && (
        <div id={resultsId} className={styles.panel} data-capped role="region" aria-label={t('chatTools.searchLabel')}>
          {results}
        </div>
      )}
    </div>
  );
}
