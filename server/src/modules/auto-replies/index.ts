export { createAutoReplies } from './auto-replies.service';
export type { AutoReplies, AutoReplyContext } from './auto-replies.service';
export { createStillWaitingSweeper, STILL_WAITING_SWEEP_MS } from './still-waiting.sweeper';
export type { StillWaitingSweeper } from './still-waiting.sweeper';
