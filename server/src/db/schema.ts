/**
 * The one database schema (SPEC §3). Every tenant-owned table carries `company_id`, and every index that serves a
 * list of SPEC §2 leads with it, so a company's rows are found without touching another company's.
 * "Never" is NULL (SPEC's 1970 epoch is only the original's sentinel for it).
 */
import {
  AUTO_MESSAGE_KINDS,
  DELIVERY_STATUSES,
  MESSAGE_TYPES,
  NOTIFICATION_TYPES,
  PLATFORMS,
  ROLES,
  TICKET_STAGES,
  type SpecialDate,
  type Week,
} from '@kreechat/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
/** Raw bytes (the database file store's chunks); drizzle's pg-core has no bytea column of its own. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

// The enums both sides share come from the contract, so the database cannot drift from the API.
export const roleEnum = pgEnum('role', ROLES);
export const platformEnum = pgEnum('platform', PLATFORMS);
export const ticketStageEnum = pgEnum('ticket_stage', TICKET_STAGES);
export const messageTypeEnum = pgEnum('message_type', MESSAGE_TYPES);
export const deliveryStatusEnum = pgEnum('delivery_status', DELIVERY_STATUSES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const actionTypeEnum = pgEnum('action_type', [
  'user_login',
  'user_logout',
  'ticket_accept',
  'ticket_close',
  'ticket_reopen',
  'ticket_create',
  'ticket_rating',
  // Data protection: who exported or erased whose data (the actor is `user_id`, the subject `client_id`).
  'client_export',
  'client_erase',
  'agent_erase',
]);
export const verificationPurposeEnum = pgEnum('verification_purpose', ['register', 'reset']);
export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'sent', 'failed']);

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  country: text('country').notNull(),
  license: text('license').notNull().default('Community'),
  /** IANA zone the opening hours are written in. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Closed tickets' messages and files older than this many months are deleted by the retention sweeper; null: kept. */
  retentionMonths: integer('retention_months'),
  createdAt: createdAt(),
});

export const departments = pgTable(
  'departments',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('departments_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('departments_company_name_live_uq')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A department's opening hours and response-time targets. No row: open 24/7, no targets. The week and
 * dates are read and written whole (validated by the contract's schema), so they are JSON, not rows.
 */
export const departmentSettings = pgTable('department_settings', {
  departmentId: uuid('department_id')
    .primaryKey()
    .references(() => departments.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  alwaysOpen: boolean('always_open').notNull().default(true),
  week: jsonb('week').$type<Week>().notNull(),
  specialDates: jsonb('special_dates').$type<SpecialDate[]>().notNull(),
  firstResponseMin: integer('first_response_min'),
  nextResponseMin: integer('next_response_min'),
  stillWaitingMin: integer('still_waiting_min'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A company's automatic message of one kind: its switch and its own texts by language (others: the defaults). */
export const autoMessages = pgTable(
  'auto_messages',
  {
    companyId: companyId(),
    kind: text('kind', { enum: AUTO_MESSAGE_KINDS }).notNull(),
    enabled: boolean('enabled').notNull(),
    texts: jsonb('texts').$type<Partial<Record<string, string>>>().notNull().default({}),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: roleEnum('role').notNull().default('agent'),
    departmentId: uuid('department_id').references(() => departments.id),
    language: text('language').notNull().default('en'),
    profilePic: text('profile_pic'),
    lastLoginAt: at('last_login_at'),
    disabledAt: at('disabled_at'),
    /** A former agent whose personal data an admin erased: shown as "Former agent", their messages kept. */
    erasedAt: at('erased_at'),
    /** The admin put away the first-run checklist (connect a channel, invite an agent, …). */
    checklistDismissedAt: at('checklist_dismissed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Login is by e-mail alone, so an address belongs to one account across all companies.
    uniqueIndex('users_email_uq').on(t.email),
    index('users_company_idx').on(t.companyId, t.createdAt),
    index('users_department_idx').on(t.companyId, t.departmentId),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: id(),
    companyId: companyId(),
    shortId: text('short_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    accountNumber: text('account_number'),
    address: text('address'),
    note: text('note'),
    language: text('language'),
    blocked: boolean('blocked').notNull().default(false),
    reopenedCount: integer('reopened_count').notNull().default(0),
    /** Erased on request: name "Erased client", no identities, messages' text and files gone; tickets kept. */
    erasedAt: at('erased_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clients_company_short_id_uq').on(t.companyId, t.shortId),
    index('clients_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // Client search matches a substring of the name or account number and a prefix of the short id (SPEC §7):
    // trigrams let those LIKEs use an index instead of reading every client of the company.
    // lower() LIKE rather than ILIKE: the same matches, and about twice as fast where a 1–2 character term has no
    // trigram to use and every row is read.
    index('clients_search_trgm_idx').using(
      'gin',
      sql`lower(${t.name}) gin_trgm_ops`,
      sql`lower(${t.accountNumber}) gin_trgm_ops`,
      t.shortId.op('gin_trgm_ops'),
    ),
  ],
);

/** How a client is reached on a channel: the Telegram chat id, the WhatsApp number, the WordPress e-mail. */
export const clientIdentities = pgTable(
  'client_identities',
  {
    id: id(),
    companyId: companyId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    platform: platformEnum('platform').notNull(),
    externalId: text('external_id').notNull(),
    /**
     * The channel vouches for it (a Telegram chat, a WhatsApp number, an e-mail the WordPress site signed); false for
     * a widget guest, whose name and e-mail are only what they typed.
     */
    verified: boolean('verified').notNull().default(true),
    /** The public handle the channel reports (Telegram's `@username`, without the @); kept current on every update. */
    username: text('username'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_identities_uq').on(t.companyId, t.platform, t.externalId),
    index('client_identities_client_idx').on(t.clientId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    companyId: companyId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    handlerId: uuid('handler_id').references(() => users.id),
    platform: platformEnum('platform').notNull(),
    stage: ticketStageEnum('stage').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    acceptedAt: at('accepted_at'),
    closedAt: at('closed_at'),
    closedById: uuid('closed_by_id').references(() => users.id),
    reopenedAt: at('reopened_at'),
    rating: smallint('rating'),
    /** The bot, WhatsApp number or WordPress token the client wrote through. */
    channelRef: text('channel_ref'),
    /** Since when the client waits for an answer: their oldest message no agent message followed. */
    awaitingSince: at('awaiting_since'),
    /** The first agent message, and the working time (opening hours only) it took from the ticket's start. */
    firstResponseAt: at('first_response_at'),
    firstResponseWorkSec: integer('first_response_work_sec'),
    /** It started or came back while its department was closed (the card says so). */
    arrivedClosed: boolean('arrived_closed').notNull().default(false),
    /** The last out-of-hours message: one per closed period. */
    outOfHoursNoticeAt: at('out_of_hours_notice_at'),
    /** The still-waiting message went out (once per ticket). */
    stillWaitingAt: at('still_waiting_at'),
    /** The retention sweeper deleted this closed ticket's messages and files (the row stays for the counts). */
    purgedAt: at('purged_at'),
  },
  (t) => [
    index('tickets_company_stage_dept_idx').on(t.companyId, t.stage, t.departmentId, t.updatedAt),
    index('tickets_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    index('tickets_client_idx').on(t.clientId, t.createdAt),
    index('tickets_handler_idx').on(t.handlerId),
    // Tickets created in a period: the response-time statistics and the admin table's date filter.
    index('tickets_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // The still-waiting sweep: pending tickets nobody has been told about yet, oldest first, across companies.
    index('tickets_still_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.stage} = 'pending' and ${t.stillWaitingAt} is null`),
    // The retention sweep: a company's closed tickets not yet purged, oldest close first.
    index('tickets_retention_idx')
      .on(t.companyId, t.closedAt)
      .where(sql`${t.stage} = 'closed' and ${t.purgedAt} is null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    /** Monotonic order of a chat; history pages by this cursor. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    companyId: companyId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id),
    type: messageTypeEnum('type').notNull(),
    content: text('content').notNull().default(''),
    isAgent: boolean('is_agent').notNull().default(false),
    createdById: uuid('created_by_id').references(() => users.id),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    filePath: text('file_path'),
    thumbnailPath: text('thumbnail_path'),
    videoThumbnailPath: text('video_thumbnail_path'),
    region: text('region'),
    reaction: text('reaction'),
    replyToId: uuid('reply_to_id'),
    deliveryStatus: deliveryStatusEnum('delivery_status').notNull().default('received'),
    deliveryError: text('delivery_error'),
    externalId: text('external_id'),
    idempotencyKey: text('idempotency_key'),
    /** An automatic message (greeting, out of hours…): the desk wrote it, no agent did. */
    autoKind: text('auto_kind', { enum: AUTO_MESSAGE_KINDS }),
    /** The client was erased: text and file removed in place, the row kept so the chat's order and counts hold. */
    erasedAt: at('erased_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_seq_uq').on(t.seq),
    index('messages_ticket_seq_idx').on(t.ticketId, t.seq),
    index('messages_external_idx').on(t.companyId, t.externalId),
    // A client's newest message on a channel (WhatsApp's 24-hour window, read receipts).
    index('messages_client_seq_idx').on(t.clientId, t.seq),
    uniqueIndex('messages_idempotency_uq').on(t.companyId, t.idempotencyKey),
    // A download finds the message that holds the file, to show it only to who sees its ticket: one probe per
    // key column (partial, so a text message adds no entry).
    index('messages_file_idx')
      .on(t.companyId, t.filePath)
      .where(sql`${t.filePath} is not null`),
    index('messages_thumbnail_idx')
      .on(t.companyId, t.thumbnailPath)
      .where(sql`${t.thumbnailPath} is not null`),
    index('messages_video_thumbnail_idx')
      .on(t.companyId, t.videoThumbnailPath)
      .where(sql`${t.videoThumbnailPath} is not null`),
  ],
);

/**
 * Outbound delivery queue, written in the same transaction as what it delivers, drained by a worker. `message`
 * delivers a chat message (text, file, the closing text with its rating keyboard); `botText` is a bot's own
 * text to a chat (the department question, a thank-you) that belongs to no message.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    companyId: companyId(),
    /** A chat message, a bot's own text, or a read receipt for the client's message (`payload.externalId`). */
    kind: text('kind', { enum: ['message', 'botText', 'read'] }).notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    platform: platformEnum('platform').notNull(),
    /** The channel account (bot, number) that sends it, and the recipient's id on that channel. */
    channelRef: text('channel_ref').notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload'),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    /** The channel's id of what was sent (a bot text has no message row to keep it), so its receipts are known. */
    externalId: text('external_id'),
    createdAt: createdAt(),
    /**
     * The order rows were enqueued in, strict even within one transaction (created_at is the transaction's time):
     * a chat's next row is never sent before its previous one is sent or finally failed.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_message_idx').on(t.messageId),
    index('outbox_external_idx').on(t.companyId, t.externalId),
    // A chat's pending head: the claim skips a row when an earlier pending row to the same recipient exists.
    index('outbox_chat_pending_idx')
      .on(t.companyId, t.platform, t.channelRef, t.recipient, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * FILE_STORAGE=database: each stored file (its storage key, the path it has under DATA_DIR/files with the disk
 * store) and its bytes in chunks, so every process shares the files and a database backup holds them.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

/**
 * Every stored file's bytes (its thumbnail's included), by who sent it, for the storage quotas: a company's total,
 * a site's or a channel account's bytes per day, a visitor's or a client's bytes per day. The database is the count,
 * so every process sees the same figure; a row is written before the bytes are stored and gone with the file.
 */
export const fileUsage = pgTable(
  'file_usage',
  {
    /** The file's storage key. */
    key: text('key').primaryKey(),
    companyId: companyId(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The channel account it came through (a WordPress token's public id, a bot, a number); null: an agent's. */
    channelRef: text('channel_ref'),
    /** Who sent it on that channel (a widget session, a client); null: an agent's. */
    senderRef: text('sender_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    index('file_usage_company_idx').on(t.companyId, t.createdAt),
    index('file_usage_channel_idx').on(t.companyId, t.channelRef, t.createdAt),
    index('file_usage_sender_idx').on(t.companyId, t.senderRef, t.createdAt),
  ],
);

/** Client messages that wait for the client to choose a department; the choice turns them into a ticket. */
export const heldMessages = pgTable(
  'held_messages',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    companyId: companyId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    platform: platformEnum('platform').notNull(),
    channelRef: text('channel_ref').notNull(),
    /** The channel-neutral inbound message, files already stored. */
    message: jsonb('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('held_messages_client_idx').on(t.clientId, t.seq)],
);

/**
 * Every inbound channel update, recorded under its external id and committed before it is acknowledged. The
 * processing transaction marks it processed; a failed processing keeps the row for a later retry.
 */
export const inboundUpdates = pgTable(
  'inbound_updates',
  {
    channelKey: text('channel_key').notNull(),
    updateId: text('update_id').notNull(),
    companyId: companyId(),
    payload: jsonb('payload').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
    processedAt: at('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.channelKey, t.updateId] }),
    index('inbound_updates_unprocessed_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

export const pinnedMessages = pgTable(
  'pinned_messages',
  {
    id: id(),
    companyId: companyId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    pinnedById: uuid('pinned_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pinned_messages_uq').on(t.ticketId, t.messageId)],
);

export const bubbles = pgTable(
  'bubbles',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('bubbles_user_idx').on(t.companyId, t.userId, t.createdAt)],
);

export const privateChats = pgTable(
  'private_chats',
  {
    id: id(),
    companyId: companyId(),
    /** The two members, stored in id order so a pair has exactly one chat. */
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('private_chats_pair_uq').on(t.companyId, t.userA, t.userB)],
);

export const privateMessages = pgTable(
  'private_messages',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    companyId: companyId(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => privateChats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull().default('text'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('private_messages_chat_idx').on(t.chatId, t.seq)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    name: text('name').notNull(),
    content: text('content'),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id),
    seen: boolean('seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.companyId, t.userId, t.createdAt)],
);

export const actionRecords = pgTable(
  'action_records',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** The agent an action was done to (agent_erase: the former agent whose data the admin `user_id` erased). */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    actionType: actionTypeEnum('action_type').notNull(),
    rating: smallint('rating'),
    createdAt: createdAt(),
  },
  (t) => [
    index('action_records_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('action_records_client_idx').on(t.companyId, t.clientId, t.createdAt),
  ],
);

export const telegramBots = pgTable(
  'telegram_bots',
  {
    id: id(),
    companyId: companyId(),
    /** Opaque id in the webhook path; never the token. */
    botKey: text('bot_key').notNull(),
    token: text('token').notNull(),
    telegramBotId: bigint('telegram_bot_id', { mode: 'number' }).notNull(),
    username: text('username'),
    webhookSecret: text('webhook_secret').notNull(),
    updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('telegram_bots_company_uq').on(t.companyId), uniqueIndex('telegram_bots_key_uq').on(t.botKey)],
);

export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: id(),
    companyId: companyId(),
    wabaId: text('waba_id').notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    accessToken: text('access_token').notNull(),
    businessId: text('business_id'),
    displayPhoneNumber: text('display_phone_number'),
    verifiedName: text('verified_name'),
    webhookActive: boolean('webhook_active').notNull().default(true),
    /** The two-step verification PIN we registered the number with (sealed); null when it was registered before. */
    registrationPin: text('registration_pin'),
    connectedById: uuid('connected_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_accounts_phone_uq').on(t.phoneNumberId),
    index('whatsapp_accounts_company_idx').on(t.companyId),
  ],
);

/**
 * Embedded signup between its two calls: the business token exchanged from Meta's 30-second code, bound to the
 * admin's session, waiting for the number's ids (sealed; gone once used or expired).
 */
export const whatsappSignups = pgTable(
  'whatsapp_signups',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    accessToken: text('access_token').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('whatsapp_signups_company_idx').on(t.companyId)],
);

/**
 * A WordPress site's token, `<public_id>.<secret>`: the public id travels in the site's pages (the widget names
 * its company by it); the secret stays in the plugin, which signs logged-in visitors' identities with it
 * (HMAC-SHA256). Verifying an HMAC needs the key itself, so the secret is kept sealed (channel-secrets.ts), not
 * hashed: a hash would be the signing key all the same.
 */
export const wordpressTokens = pgTable(
  'wordpress_tokens',
  {
    id: id(),
    companyId: companyId(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    secret: text('secret').notNull(),
    /** The only origin the widget is accepted from (CORS and `Origin`). */
    siteOrigin: text('site_origin').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at'),
  },
  (t) => [
    uniqueIndex('wordpress_tokens_public_id_uq').on(t.publicId),
    index('wordpress_tokens_company_idx').on(t.companyId, t.createdAt),
    // The widget's CORS answers a preflight, or a call whose session is gone, only for a site some token names.
    index('wordpress_tokens_site_origin_idx').on(t.siteOrigin),
  ],
);

/**
 * A visitor's widget session: the bearer the widget sends (its SHA-256 is the id), bound to one token and one
 * client identity — a verified e-mail the site signed, or a guest. The client itself is made by intake with the
 * first message (a logged-in reader who never writes is no client). Gone with its token.
 */
export const widgetSessions = pgTable(
  'widget_sessions',
  {
    id: text('id').primaryKey(),
    companyId: companyId(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => wordpressTokens.id, { onDelete: 'cascade' }),
    /** The client identity's external id on the wordpress platform (`<public id>:<e-mail>` or `…:guest:<uuid>`). */
    identity: text('identity').notNull(),
    verified: boolean('verified').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The page's language, one of the 8: the bot texts the visitor gets. */
    language: text('language').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    /** When the site last proved a verified visitor's identity: a session older than an hour is proved again. */
    identityCheckedAt: at('identity_checked_at'),
  },
  (t) => [
    index('widget_sessions_token_idx').on(t.tokenId),
    index('widget_sessions_identity_idx').on(t.identity),
    index('widget_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Signed WordPress identities already used, each remembered until it expires: a signature opens one session only.
 * Keyed by the SHA-256 of the signed identity.
 */
export const usedIdentities = pgTable(
  'used_identities',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('used_identities_expires_idx').on(t.expiresAt)],
);

/** Login sessions. `id` is the SHA-256 of the cookie value, so a leaked table does not hand out sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_company_seen_idx').on(t.companyId, t.lastSeenAt)],
);

/**
 * The short server-side verification session behind the registration and reset flows: the code (hashed), its
 * expiry and tries, and when it was verified. Bound to the browser by a cookie holding the session's secret.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: text('id').primaryKey(),
    purpose: verificationPurposeEnum('purpose').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: at('code_expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: at('verified_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_expires_idx').on(t.expiresAt)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Fixed-window counters for rate limits that must hold across processes (failures per e-mail). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
});
