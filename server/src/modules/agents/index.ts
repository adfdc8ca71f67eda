export { createAgentService, EMAIL_IN_USE } from './agent.service';
export type { AgentService } from './agent.service';
export { agentRoutes } from './agent.routes';
export type { UserRow } from './agent.repo';
export { createAgentEraser, erasedEmail } from './agent-erase.service';
export type { AgentEraser, PersonalDataHolder } from './agent-erase.service';
export { agentEraseRoutes } from './agent-erase.routes';
