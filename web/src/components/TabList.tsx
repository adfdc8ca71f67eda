import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { tabAfterKey, tabOf } from '@/lib/tab-keys';

type TabListProps<T extends string> = Omit<HTMLAttributes<HTMLDivElement>, 'onKeyDown' | 'onSelect'> & {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** What each tab shows (its accessible name comes from it). */
  render: (tab: T) => ReactNode;
  /** Tab `id`s are `<idPrefix>-tab-<tab>` and point at panels `<idPrefix>-panel-<tab>`. */
  idPrefix: string;
  label: string;
  tabClassName?: string;
  listRef?: Ref<HTMLDivElement>;
};

/**
 * A strip of tabs with the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one), arrows move and
 * wrap, Home and End jump, and the tab moved to is selected and focused.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  render,
  idPrefix,
  label,
  tabClassName,
  listRef,
  ...rest
}: TabListProps<T>) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(tabs, tabOf(refs.current, event.target), selected, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div {...rest} ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(node) => {
            refs.current[tab] = node;
          }}
          id={`${idPrefix}-tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={selected === tab}
          aria-controls={`${idPrefix}-panel-${tab}`}
          tabIndex={selected === tab ? 0 : -1}
          className={tabClassName}
          onClick={() => onSelect(tab)}
        >
          {render(tab)}
        </button>
      ))}
    </div>
  );
}
