export { createChatService } from './chat.service';
export type { ChatService } from './chat.service';
export { createFileAccess } from './file-access.service';
export type { FileAccess } from './file-access.service';
export { readFailure, storedFailure } from './delivery-failure';
export type { DeliveryFailure } from './delivery-failure';
export { messageFromSql, messageRepo, toMessage } from './message.repo';
export type { ExportedMessageRow, MessageRow, MessageSqlRow, NewMessage, PurgeTotals } from './message.repo';
export { messageRoutes } from './message.routes';
