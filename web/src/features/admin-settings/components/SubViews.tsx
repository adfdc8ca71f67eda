import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { TabList } from '@/components/TabList';
import views from './whatsapp.module.css';

interface SubViewsProps<V extends string> {
  /** Tabs are `<idPrefix>-tab-<view>`, the panel `<idPrefix>-panel-<view>`. */
  idPrefix: string;
  /** The strip's accessible name. */
  label: string;
  views: readonly V[];
  selected: V;
  onSelect: (view: V) => void;
  labels: Record<V, string>;
  icons: Record<V, LucideIcon>;
  /** The chosen view. */
  children: ReactNode;
}

/** A service's sub-views (WhatsApp's, WordPress's): a segmented strip of tabs and the panel of the chosen one. */
export function SubViews<V extends string>({
  idPrefix,
  label,
  views: names,
  selected,
  onSelect,
  labels,
  icons,
  children,
}: SubViewsProps<V>) {
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
        {children}
      </div>
    </>
  );
}
