export { AgentsScreen } from './components/AgentsScreen';
export { AgentProfileScreen } from './components/AgentProfileScreen';
