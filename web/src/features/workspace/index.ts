export { WorkspaceShell, type WorkspaceShellProps, type WorkspaceView } from './components/WorkspaceShell';
export type { InboxSlot } from './components/InboxButton';
export { profilePath } from './components/WorkspaceHeader';
