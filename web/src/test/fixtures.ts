import type { Client, Message, Ticket } from '@kreechat/contract';

/*
 * The API's shapes with every field filled, for web tests: each test names only what it is about. Not bundled
 * (only tests import this folder).
 */

/** A client's text message in ticket t1, received, as GET /api/chat sends it. */
export const aMessage = (overrides: Partial<Message> = {}): Message => ({
  messageid: 'm1',
  seq: 1,
  ticketid: 't1',
  type: 'text',
  content: 'message 1',
  created_on: '2026-03-01T10:01:00Z',
  created_by: 'Ivan',
  isagent: false,
  clientid: 'c1',
  senderid: 'c1',
  file_name: null,
  file_size: null,
  path: null,
  imageUrl: null,
  thumbnailUrl: null,
  video_thumbnail: null,
  region: null,
  reaction: null,
  delivery_status: 'received',
  delivery_failure: null,
  delivery_error: null,
  idempotencyKey: null,
  reply_to: null,
  automatic: null,
  erased: false,
  ...overrides,
});

/** A pending Telegram ticket of Support with no message yet, as GET /api/tickets sends it. */
export const aTicket = (overrides: Partial<Ticket> = {}): Ticket => ({
  ticketid: 't1',
  platform: 'telegram',
  stage: 'pending',
  clientid: 'c1',
  client_name: 'Ivan',
  client_short_id: 'abc',
  client_email: null,
  client_verified: true,
  account_number: null,
  departmentid: 'support',
  department_name: 'Support',
  userid: null,
  user_name: null,
  accepted: false,
  created_on: '2026-03-01T10:00:00Z',
  updated_on: '2026-03-01T10:00:00Z',
  accepted_on: null,
  closed_on: null,
  closed_by_name: null,
  reopened_on: null,
  rating: null,
  companyid: 'co',
  last_message: null,
  last_message_type: null,
  last_message_id: null,
  last_message_status: null,
  last_message_on: null,
  awaiting_since: null,
  first_response_on: null,
  arrived_closed: false,
  ...overrides,
});

/** Client c1, Ivan, verified, with no account number, address or note, as the clients API sends it. */
export const aClient = (overrides: Partial<Client> = {}): Client => ({
  clientid: 'c1',
  short_id: 'ABCDEFGH',
  client_name: 'Ivan',
  account_number: null,
  address: null,
  note: null,
  blocked_on: false,
  count_ticket_reopened: 0,
  created_on: '2026-01-01T00:00:00.000Z',
  verified: true,
  erased_on: null,
  ...overrides,
});
