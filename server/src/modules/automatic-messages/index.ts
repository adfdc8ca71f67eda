export { createAutoMessageReader, languageOf } from './auto-message.reader';
export type { AutoMessageReader } from './auto-message.reader';
export { createAutoMessageService } from './auto-message.service';
export type { AutoMessageService } from './auto-message.service';
export { autoMessageRoutes } from './auto-message.routes';
export { DEFAULT_TEXTS } from './default-texts';
export { ticketNumber } from './ticket-number';
