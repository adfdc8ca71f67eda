export { createPrivateChatService } from './private-chat.service';
export type { PrivateChatService } from './private-chat.service';
export { privateChatRoutes } from './private-chat.routes';
