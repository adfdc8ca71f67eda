export { WorkspaceShell, type WorkspaceShellProps, type WorkspaceView } from './components/WorkspaceShell';
export { ChatUnavailable } from './components/ChatUnavailable';
export type { InboxSlot } from './components/InboxButton';
export { profilePath } from './components/WorkspaceHeader';
export { LazyShortcutsSheet as ShortcutsSheet } from './components/ShortcutsSheet.lazy';
export {
  focusReplyBox,
  focusTicketList,
  pressShortcutTarget,
  useWorkspaceShortcuts,
} from './hooks/use-workspace-shortcuts';
