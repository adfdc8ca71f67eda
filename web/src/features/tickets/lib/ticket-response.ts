import { ticketResponseSchema } from '@kreechat/contract';

/** `{ ticket }`, the answer of accept and close. */
export const ticketResponseParser = ticketResponseSchema;
