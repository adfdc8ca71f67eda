export { WorkspaceShell, type WorkspaceShellProps, type WorkspaceView } from './components/WorkspaceShell';
