import { WorkspaceShell } from '../../features/workspace';

/** `/`: the workspace frame. Ticket lists, chat and colleagues plug into its slots as their features land. */
export function WorkspaceRoute() {
  return <WorkspaceShell />;
}
