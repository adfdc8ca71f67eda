import { parser } from '@/lib/schemas';

/** `{ ticket }`, the answer of accept and close. */
export const ticketResponseParser = parser('ticketResponseSchema');
