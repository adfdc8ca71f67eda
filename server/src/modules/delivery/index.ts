export { createDeliveryService, MAX_ATTEMPTS } from './delivery.service';
export type { DeliveryService, DeliveryJob, BotNotice, ReceiptStatus } from './delivery.service';
