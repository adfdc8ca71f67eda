export { createAgentService, EMAIL_IN_USE } from './agent.service';
export type { AgentService } from './agent.service';
export { agentRoutes } from './agent.routes';
export type { UserRow } from './agent.repo';
