export { WorkspaceShell, type WorkspaceShellProps, type WorkspaceView } from './components/WorkspaceShell';
export { profilePath } from './components/WorkspaceHeader';
