import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { TabList } from '@/components/TabList';
import { useSubView } from '@/features/admin-settings/hooks/use-sub-view';
import views from './whatsapp.module.css';

interface SubViewsProps<V extends string> {
  /**
   * The address parameter that keeps the chosen view (see useSubView); also the ids' prefix: tabs are
   * `<param>-tab-<view>`, the panel `<param>-panel-<view>`.
   */
  param: string;
  /** The strip's accessible name. */
  label: string;
  /** The views in order; the first is the default. */
  views: readonly [V, ...V[]];
  labels: Record<V, string>;
  icons: Record<V, LucideIcon>;
  /** The chosen view's panel; `choose` moves to another view. */
  children: (view: V, choose: (next: V) => void) => ReactNode;
}

/**
 * A service's sub-views (WhatsApp's, WordPress's): a segmented strip of tabs and the panel of the chosen one, kept in
 * the address as `?<param>=`.
 */
export function SubViews<V extends string>({ param, label, views: names, labels, icons, children }: SubViewsProps<V>) {
  const [selected, onSelect] = useSubView(param, names);
  const idPrefix = param;
  return (
    <>
      <TabList
        className={views.segments}
        tabClassName={views.segment}
        label={label}
        idPrefix={idPrefix}
        tabs={names}
        selected={selected}
        onSelect={onSelect}
        render={(name) => {
          const Icon: LucideIcon = icons[name];
          return (
            <>
              <Icon size={16} aria-hidden="true" />
              {labels[name]}
            </>
          );
        }}
      />
      <div
        id={`${idPrefix}-panel-${selected}`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        className={views.panel}
      >
        {children(selected, onSelect)}
      </div>
    </>
  );
}
