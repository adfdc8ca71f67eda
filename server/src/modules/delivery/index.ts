export { backoffMs, createDeliveryService, LEASE_MS, MAX_CRASH_ATTEMPTS } from './delivery.service';
export type {
  DeliveryService,
  DeliveryJob,
  BotNotice,
  ReceiptStatus,
  RetryPolicy,
  SendProblem,
} from './delivery.service';
export { joinClosing } from './closing-notice';
export type { ClosingNotice } from './closing-notice';
export { outboxRepo } from './outbox.repo';
