export { createClientFeedback } from './client-feedback.service';
export type { ClientFeedback, FeedbackOutcome } from './client-feedback.service';
