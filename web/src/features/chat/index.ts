export { ChatPane, preloadChatPane } from './components/ChatPane.lazy';
export { useChatLiveUpdates } from './hooks/use-chat-live-updates';
export type { ComposerTools } from './components/Composer';
