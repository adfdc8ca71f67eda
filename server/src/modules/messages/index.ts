export { createChatService } from './chat.service';
export type { ChatService } from './chat.service';
export { messageRepo, toMessage } from './message.repo';
export type { MessageRow, NewMessage } from './message.repo';
export { messageRoutes } from './message.routes';
