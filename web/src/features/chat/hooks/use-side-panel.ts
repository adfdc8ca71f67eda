import { useEffect, useId, useState } from 'react';
import { usePopover } from '@/components/use-popover';
import { useIsNarrow } from '@/lib/use-media-query';

/** Whether the client's details show beside the chat on wide screens; remembered across tickets and visits. */
const SIDE_PANEL_KEY = 'kreechat.chat.sidePanel';

function readSidePanelOpen(): boolean {
  try {
    return window.localStorage.getItem(SIDE_PANEL_KEY) !== 'closed';
  } catch {
    return true;
  }
}

function storeSidePanelOpen(open: boolean) {
  try {
    window.localStorage.setItem(SIDE_PANEL_KEY, open ? 'open' : 'closed');
  } catch {
    // Storage disabled: the choice lasts for this ticket only.
  }
}

/**
 * The chat's Client details panel, shown or not: beside the messages on wide screens (the choice remembered), a
 * drawer below 1200 px that closes like a popover (Escape, a click outside, focus back on the toggle) and starts
 * closed there, whatever the wide layout remembers, so it never covers a chat just opened. `available` is false when
 * the screen gave no panel.
 */
export function useSidePanel(available: boolean) {
  const id = useId();
  const narrow = useIsNarrow();
  const [openWide, setOpenWide] = useState(readSidePanelOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = usePopover({ placement: null, open: narrow && drawerOpen, onOpenChange: setDrawerOpen });
  const open = available && (narrow ? drawerOpen : openWide);

  const toggle = () => {
    if (narrow) {
      drawer.setOpen(!drawerOpen);
      return;
    }
    storeSidePanelOpen(!openWide);
    setOpenWide(!openWide);
  };

  useEffect(() => {
    if (narrow && drawerOpen) drawer.popover.current?.focus();
  }, [narrow, drawerOpen, drawer.popover]);

  return {
    id,
    open,
    narrow,
    drawer,
    toggle,
    /** The panel's own close button: the drawer closes with focus back on its toggle. */
    close: () => (narrow ? drawer.close(true) : toggle()),
  };
}

export type SidePanel = ReturnType<typeof useSidePanel>;
