export { ChatPane, replyBlocker } from './components/ChatPane';
export { useChatLiveUpdates } from './hooks/use-chat-live-updates';
export type { ComposerTools } from './components/Composer';
