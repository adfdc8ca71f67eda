// The workspace keeps panels current from its first screen; the panel itself (index.ts) is fetched with the chat.
export { useClientPanelLive } from './hooks/use-client-panel-live';
