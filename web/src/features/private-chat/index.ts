export { PrivateChatPanel } from './components/PrivateChatPanel.lazy';
export { usePrivateChatLive } from './hooks/use-private-chat-live';
