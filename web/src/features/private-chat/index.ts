export { PrivateChatPanel } from './components/PrivateChatPanel';
export { usePrivateChatLive } from './hooks/use-private-chat-live';
