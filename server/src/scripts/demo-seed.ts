/**
 * The demo company of `npm run demo`: an admin, agents, departments, and a desk that already works — clients on
 * Telegram, WhatsApp and WordPress, five days of conversations, pending, accepted, closed and rated tickets,
 * unread client messages, pins and inbox entries. Everything goes through the services and repos the app uses,
 * under a clock the seed moves back in time, so every row looks as if the app had written it then.
 *
 * Nothing is ever sent: the clients are not on a real channel, so no outbox row is written and the agents'
 * messages are stored as already delivered. A reply typed later on the demo desk fails visibly ("the bot is no
 * longer connected"), which is what would happen to a real desk whose channel was removed.
 */
import { DEFAULT_SCHEDULE, DEFAULT_TARGETS, type DepartmentTargets, type Platform } from '@kreechat/contract';
import type { Services } from '../app';
import type { Db, Tx } from '../db/client';
import { pinRepo } from '../modules/pins/pin.repo';
import { notificationRepo } from '../modules/notifications/notification.repo';
import { messageRepo, type MessageRow } from '../modules/messages';
import { openingHoursRepo } from '../modules/opening-hours/opening-hours.repo';
import { ticketViewRepo } from '../modules/ticket-lists';
import { ticketRepo } from '../modules/tickets';
import type { Clock } from '../platform/clock';
import { hashPassword } from '../platform/passwords';

export const DEMO_PASSWORD = 'Demo-Pass1!';
export const DEMO_COMPANY = 'Demo Support Ltd';
export const DEMO_ADMIN_EMAIL = 'admin@demo.kreechat.test';
export const DEMO_AGENTS = [
  { email: 'maria@demo.kreechat.test', firstName: 'Maria', lastName: 'Petrova', department: 'Support' },
  { email: 'kenji@demo.kreechat.test', firstName: 'Kenji', lastName: 'Sato', department: 'Support' },
  { email: 'lerato@demo.kreechat.test', firstName: 'Lerato', lastName: 'Dlamini', department: 'Billing' },
  {
    email: 'sven@demo.kreechat.test',
    firstName: 'Sven',
    lastName: 'de Vries',
    department: 'Sales',
    role: 'moderator' as const,
  },
];
const DEPARTMENTS = ['Support', 'Billing', 'Sales'] as const;
type Department = (typeof DEPARTMENTS)[number];

/**
 * The departments' response targets (open 24/7), set so the desk shows every state of a waiting client's card: with
 * the conversations below, Olga (26 of 30 min) and Pieter (50 of 60) are due soon, Carlos, Yuki, Ahmed and Lucas
 * overdue, Emma and Thabo plainly waiting.
 */
const TARGETS: Record<Department, Pick<DepartmentTargets, 'first_response_min' | 'next_response_min'>> = {
  Support: { first_response_min: 30, next_response_min: 60 },
  Billing: { first_response_min: 60, next_response_min: 120 },
  Sales: { first_response_min: 240, next_response_min: 240 },
};

/** A clock the seed sets to each moment it writes; the services stamp their rows (clients, actions) with it. */
export type DemoClock = Clock & { set(at: Date): void };
export function createDemoClock(start = new Date()): DemoClock {
  let current = start;
  return {
    now: () => new Date(current),
    set(at: Date) {
      current = at;
    },
  };
}

/**
 * The channel accounts the demo's tickets name. They match no connected bot, number or site, so a reply an agent
 * sends on the demo desk is refused by the channel with a clear reason instead of going anywhere.
 */
const DEMO_CHANNEL_REF: Record<Platform, string> = {
  telegram: '00000000-0000-4000-8000-00000000d001',
  whatsapp: '00000000-0000-4000-8000-00000000d002',
  wordpress: 'kc_demo_site',
  viber: '00000000-0000-4000-8000-00000000d004',
};

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Line =
  | { ago: number; from: 'client'; text: string }
  | { ago: number; from: 'agent'; text: string; pin?: true }
  | { ago: number; from: 'accept' | 'close' | 'reopen' }
  | { ago: number; from: 'rating'; rating: 1 | 2 | 3 };

type Conversation = {
  client: { name: string; platform: Platform; externalId: string; language: string; email?: string };
  department: Department;
  /** Who accepts (and answers, and closes) the ticket; none for a pending one. */
  handler?: string;
  lines: Line[];
};

const ALEX = DEMO_ADMIN_EMAIL;
const [MARIA, KENJI, LERATO, SVEN] = DEMO_AGENTS.map((a) => a.email) as [string, string, string, string];

/** The desk, oldest line first within each conversation; `ago` is how long before the seed ran. */
const CONVERSATIONS: Conversation[] = [
  // Pending: nobody has taken these yet.
  {
    client: { name: 'Olga Ivanova', platform: 'telegram', externalId: '5120384471', language: 'ru' },
    department: 'Support',
    lines: [
      { ago: 26 * MIN, from: 'client', text: 'Здравствуйте! С утра не могу войти в личный кабинет.' },
      { ago: 25 * MIN, from: 'client', text: 'Пишет, что пароль неверный, но я его не меняла.' },
    ],
  },
  {
    client: { name: 'Carlos Mendes', platform: 'whatsapp', externalId: '34612345678', language: 'es' },
    department: 'Billing',
    lines: [
      { ago: 70 * MIN, from: 'client', text: 'Hola, me han cobrado dos veces la factura de marzo.' },
      { ago: 68 * MIN, from: 'client', text: 'Order #48213 — can you check, please?' },
    ],
  },
  {
    client: {
      name: 'Emma Clarke',
      platform: 'wordpress',
      externalId: 'emma.clarke@example.com',
      language: 'en',
      email: 'emma.clarke@example.com',
    },
    department: 'Sales',
    lines: [
      {
        ago: 3 * HOUR,
        from: 'client',
        text: "Hi! Do you offer discounts for non-profits? We're a small charity with 12 staff.",
      },
    ],
  },
  {
    client: { name: 'Yuki Tanaka', platform: 'telegram', externalId: '6873301925', language: 'ja' },
    department: 'Support',
    lines: [
      { ago: DAY + 2 * HOUR, from: 'client', text: 'The app closes when I upload a photo from my gallery.' },
      { ago: DAY + 2 * HOUR - 2 * MIN, from: 'client', text: 'iPhone 13, iOS 17.4' },
      { ago: 40 * MIN, from: 'client', text: 'Hello? Is anyone there?' },
    ],
  },
  // Accepted: being worked on, some with the client's newest messages still unread.
  {
    client: { name: 'Pieter van Dijk', platform: 'telegram', externalId: '7034518862', language: 'nl' },
    department: 'Support',
    handler: ALEX,
    lines: [
      { ago: 4 * DAY + 5 * HOUR, from: 'client', text: "My order #51877 hasn't arrived, it's been 10 days." },
      { ago: 4 * DAY + 4 * HOUR + 55 * MIN, from: 'accept' },
      {
        ago: 4 * DAY + 4 * HOUR + 50 * MIN,
        from: 'agent',
        text: "Sorry about that, Pieter! I'm checking with the courier now.",
      },
      {
        ago: 4 * DAY + 4 * HOUR + 30 * MIN,
        from: 'agent',
        text: 'The parcel was held at the depot. It goes out today, tracking number NL-7742-1190.',
        pin: true,
      },
      { ago: 4 * DAY + 4 * HOUR + 10 * MIN, from: 'client', text: 'Great, thanks!' },
      { ago: 4 * DAY + 4 * HOUR, from: 'close' },
      { ago: 4 * DAY + 3 * HOUR + 50 * MIN, from: 'rating', rating: 3 },
      { ago: DAY + 3 * HOUR, from: 'reopen' },
      { ago: DAY + 3 * HOUR, from: 'client', text: "Hi again — the tracking page still says 'at depot'." },
      { ago: DAY + 2 * HOUR + 40 * MIN, from: 'accept' },
      {
        ago: DAY + 2 * HOUR + 30 * MIN,
        from: 'agent',
        text: "I've escalated it to the courier; they promised delivery tomorrow morning.",
      },
      { ago: 50 * MIN, from: 'client', text: "It's here! But the box is damaged and one cup is broken 😞" },
      { ago: 49 * MIN, from: 'client', text: 'Can you send a replacement?' },
    ],
  },
  {
    client: { name: 'Ahmed Hassan', platform: 'telegram', externalId: '5589012277', language: 'en' },
    department: 'Support',
    handler: MARIA,
    lines: [
      { ago: 2 * DAY + 6 * HOUR, from: 'client', text: 'Hello, how do I change the e-mail on my account?' },
      { ago: 2 * DAY + 5 * HOUR + 50 * MIN, from: 'accept' },
      {
        ago: 2 * DAY + 5 * HOUR + 45 * MIN,
        from: 'agent',
        text: 'Hi Ahmed! Open Settings → Account → E-mail, enter the new address and confirm the code we send.',
      },
      { ago: 2 * DAY + 5 * HOUR + 30 * MIN, from: 'client', text: "I don't get the code." },
      {
        ago: 2 * DAY + 5 * HOUR + 20 * MIN,
        from: 'agent',
        text: "Please look in the spam folder too; I've resent it from our side.",
      },
      {
        ago: 2 * HOUR,
        from: 'client',
        text: 'Found it in spam, thank you. One more thing: can one account have two e-mails?',
      },
    ],
  },
  {
    client: {
      name: 'Sophie Martin',
      platform: 'wordpress',
      externalId: 'sophie.martin@example.org',
      language: 'en',
      email: 'sophie.martin@example.org',
    },
    department: 'Support',
    handler: KENJI,
    lines: [
      { ago: 5 * HOUR, from: 'client', text: 'Bonjour, checkout shows "error 500" when I pay with PayPal.' },
      { ago: 4 * HOUR + 55 * MIN, from: 'accept' },
      {
        ago: 4 * HOUR + 50 * MIN,
        from: 'agent',
        text: 'Thank you, Sophie. Roughly what time did it happen?',
      },
      { ago: 4 * HOUR + 40 * MIN, from: 'client', text: 'Around 10:15 this morning.' },
      {
        ago: 4 * HOUR + 20 * MIN,
        from: 'agent',
        text: 'Found it in our logs — PayPal had an outage then. It works again; could you try once more?',
      },
    ],
  },
  {
    client: { name: 'Thabo Nkosi', platform: 'whatsapp', externalId: '27821234567', language: 'af' },
    department: 'Billing',
    handler: LERATO,
    lines: [
      { ago: 3 * DAY + 2 * HOUR, from: 'client', text: 'Good morning, I need a VAT invoice for my last payment.' },
      { ago: 3 * DAY + HOUR + 45 * MIN, from: 'accept' },
      {
        ago: 3 * DAY + HOUR + 40 * MIN,
        from: 'agent',
        text: 'Morning Thabo! Which company name and VAT number should it show?',
      },
      { ago: 3 * DAY + HOUR, from: 'client', text: 'Nkosi Trading (Pty) Ltd, VAT 4710263598' },
      {
        ago: 2 * DAY + 23 * HOUR,
        from: 'agent',
        text: 'Done — the invoice is in your account under Billing → Invoices.',
        pin: true,
      },
      { ago: 15 * MIN, from: 'client', text: 'Thanks. Could you also add our PO number 7781 to it?' },
    ],
  },
  {
    client: { name: 'Lucas Silva', platform: 'whatsapp', externalId: '5511987654321', language: 'es' },
    department: 'Support',
    handler: ALEX,
    lines: [
      { ago: 30 * HOUR, from: 'client', text: "Oi! My voucher code SPRING24 doesn't work." },
      { ago: 29 * HOUR + 55 * MIN, from: 'accept' },
      {
        ago: 29 * HOUR + 50 * MIN,
        from: 'agent',
        text: "Hi Lucas, that code ended on Sunday — I've added a 10% credit to your account instead.",
      },
      { ago: 29 * HOUR + 40 * MIN, from: 'client', text: 'Perfect 👍' },
    ],
  },
  // Closed, most of them rated (1–3, SPEC §5).
  {
    client: { name: 'Anna Kowalska', platform: 'telegram', externalId: '6120987345', language: 'en' },
    department: 'Support',
    handler: MARIA,
    lines: [
      { ago: 5 * DAY + 2 * HOUR, from: 'client', text: 'Hi, how can I export my chat history?' },
      { ago: 5 * DAY + 1 * HOUR + 55 * MIN, from: 'accept' },
      {
        ago: 5 * DAY + HOUR + 50 * MIN,
        from: 'agent',
        text: "Hi Anna! Settings → Privacy → Export data; you'll get a zip by e-mail within minutes.",
      },
      { ago: 5 * DAY + HOUR + 30 * MIN, from: 'client', text: 'Got it, thank you so much!' },
      { ago: 5 * DAY + HOUR + 25 * MIN, from: 'close' },
      { ago: 5 * DAY + HOUR + 20 * MIN, from: 'rating', rating: 3 },
    ],
  },
  {
    client: { name: 'David Cohen', platform: 'whatsapp', externalId: '972521234567', language: 'en' },
    department: 'Billing',
    handler: LERATO,
    lines: [
      { ago: 3 * DAY + 6 * HOUR, from: 'client', text: 'Why did my subscription price go up?' },
      { ago: 3 * DAY + 5 * HOUR + 10 * MIN, from: 'accept' },
      {
        ago: 3 * DAY + 5 * HOUR,
        from: 'agent',
        text: 'Hi David, the yearly plan moved from €96 to €108 in March; we wrote to you about it in January.',
      },
      { ago: 3 * DAY + 4 * HOUR + 50 * MIN, from: 'client', text: "I didn't see that e-mail. OK, I'll keep it." },
      { ago: 3 * DAY + 4 * HOUR + 45 * MIN, from: 'close' },
      { ago: 3 * DAY + 4 * HOUR, from: 'rating', rating: 2 },
    ],
  },
  {
    client: {
      name: 'Fatima Zahra',
      platform: 'wordpress',
      externalId: 'fatima.zahra@example.net',
      language: 'en',
      email: 'fatima.zahra@example.net',
    },
    department: 'Support',
    handler: ALEX,
    lines: [
      { ago: 2 * DAY + 3 * HOUR, from: 'client', text: 'Can I change my delivery address after ordering?' },
      { ago: 2 * DAY + 2 * HOUR + 58 * MIN, from: 'accept' },
      {
        ago: 2 * DAY + 2 * HOUR + 55 * MIN,
        from: 'agent',
        text: "Yes, as long as it hasn't shipped. What's the new address?",
      },
      { ago: 2 * DAY + 2 * HOUR + 45 * MIN, from: 'client', text: '12 Rue des Lilas, 69003 Lyon' },
      {
        ago: 2 * DAY + 2 * HOUR + 40 * MIN,
        from: 'agent',
        text: "Updated. You'll get a new confirmation e-mail shortly.",
      },
      { ago: 2 * DAY + 2 * HOUR + 35 * MIN, from: 'close' },
      { ago: 2 * DAY + 2 * HOUR, from: 'rating', rating: 3 },
    ],
  },
  {
    client: { name: 'Mehmet Yılmaz', platform: 'whatsapp', externalId: '905321234567', language: 'tr' },
    department: 'Sales',
    handler: SVEN,
    lines: [
      {
        ago: 4 * DAY + HOUR,
        from: 'client',
        text: 'Merhaba, I asked for a quote for 50 licences three days ago and nobody answered.',
      },
      { ago: 4 * DAY + 45 * MIN, from: 'accept' },
      {
        ago: 4 * DAY + 40 * MIN,
        from: 'agent',
        text: "I'm sorry, Mehmet. 50 licences are €7.50 per user and month, billed yearly.",
      },
      { ago: 4 * DAY + 30 * MIN, from: 'client', text: 'Too expensive for us, thanks.' },
      { ago: 4 * DAY + 25 * MIN, from: 'close' },
      { ago: 4 * DAY + 20 * MIN, from: 'rating', rating: 1 },
    ],
  },
  {
    client: { name: 'Ingrid Berg', platform: 'telegram', externalId: '7345561209', language: 'en' },
    department: 'Support',
    handler: KENJI,
    lines: [
      { ago: 20 * HOUR, from: 'client', text: 'Is there a dark mode?' },
      { ago: 19 * HOUR + 55 * MIN, from: 'accept' },
      {
        ago: 19 * HOUR + 50 * MIN,
        from: 'agent',
        text: "Yes! Profile → Appearance → Dark. By default it follows your phone's setting.",
      },
      { ago: 19 * HOUR + 45 * MIN, from: 'close' },
    ],
  },
];

export type DemoSeedResult = {
  /** False when the demo company was there already (a second run). */
  companyCreated: boolean;
  /** False when the demo company already had tickets: the desk is never seeded twice. */
  deskSeeded: boolean;
};

/**
 * Creates the demo company when it is missing and seeds its desk when it has no tickets, each in one transaction:
 * a second run changes nothing, and a company made by an older `npm run demo` (agents only) gets its desk.
 */
export async function seedDemo(services: Services, db: Db, clock: DemoClock): Promise<DemoSeedResult> {
  const now = clock.now();
  let companyCreated = false;
  let admin = await services.agents.findByEmail(DEMO_ADMIN_EMAIL);
  if (!admin) {
    await createCompany(services, db, now);
    companyCreated = true;
    admin = (await services.agents.findByEmail(DEMO_ADMIN_EMAIL))!;
  }
  const companyId = admin.companyId;
  const deskSeeded = await db.transaction(async (tx) => {
    // Any ticket, open or closed, means the desk is there (or was worked on since): it is left as it is.
    const open = await ticketViewRepo.listOpen(tx, companyId, null, 1);
    const closed = open.length > 0 ? [] : await ticketViewRepo.listClosed(tx, companyId, null, 0, 1);
    if (open.length > 0 || closed.length > 0) return false;
    await seedDesk(services, tx, companyId, now, clock);
    return true;
  });
  clock.set(now);
  return { companyCreated, deskSeeded };
}

async function createCompany(services: Services, db: Db, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    // Accounts from five days back, so the agents' profiles predate the conversations.
    const createdAt = new Date(now.getTime() - 6 * DAY);
    const company = await services.companies.create(
      { name: DEMO_COMPANY, phone: '+44 20 7946 0018', email: DEMO_ADMIN_EMAIL, country: 'GB', createdAt },
      tx,
    );
    const departments = new Map<string, string>();
    for (const name of DEPARTMENTS) {
      departments.set(name, (await services.departments.create(company.id, name, tx)).id);
    }
    await services.agents.create(
      {
        companyId: company.id,
        email: DEMO_ADMIN_EMAIL,
        passwordHash,
        firstName: 'Alex',
        lastName: 'Morgan',
        role: 'admin',
        departmentId: departments.get('Support'),
        createdAt,
      },
      tx,
    );
    for (const agent of DEMO_AGENTS) {
      await services.agents.create(
        {
          companyId: company.id,
          email: agent.email,
          passwordHash,
          firstName: agent.firstName,
          lastName: agent.lastName,
          role: agent.role ?? 'agent',
          departmentId: departments.get(agent.department),
          createdAt,
        },
        tx,
      );
    }
  });
}

/**
 * An agent's message as the channel would have left it by now: WhatsApp reports delivery and reading, the
 * others only that the channel took it.
 */
function deliveredStatus(platform: Platform, readByClient: boolean) {
  if (platform !== 'whatsapp') return 'sent' as const;
  return readByClient ? ('read' as const) : ('delivered' as const);
}

async function seedDesk(services: Services, tx: Tx, companyId: string, now: Date, clock: DemoClock) {
  const departmentIds = new Map((await ticketRepo.liveDepartments(tx, companyId)).map((d) => [d.name, d.id] as const));
  const agents = new Map<string, { id: string; firstName: string; lastName: string }>();
  for (const email of [ALEX, MARIA, KENJI, LERATO, SVEN]) {
    const agent = await services.agents.findByEmail(email, tx);
    if (agent) agents.set(email, agent);
  }
  const at = (ago: number) => new Date(now.getTime() - ago);
  for (const [name, targets] of Object.entries(TARGETS)) {
    const departmentId = departmentIds.get(name);
    if (departmentId) {
      await openingHoursRepo.upsert(
        tx,
        companyId,
        departmentId,
        { ...DEFAULT_SCHEDULE, ...DEFAULT_TARGETS, ...targets },
        now,
      );
    }
  }

  for (const conversation of CONVERSATIONS) {
    const { client: who, lines } = conversation;
    const departmentId = departmentIds.get(conversation.department);
    const handler = conversation.handler ? agents.get(conversation.handler) : undefined;
    // A department or agent removed since the company was made: that conversation is left out.
    if (!departmentId || (conversation.handler && !handler)) continue;
    const first = at(lines[0]!.ago);
    clock.set(first);
    const client = await services.clients.findOrCreateByIdentity(tx, companyId, who.platform, who);
    const channelRef = DEMO_CHANNEL_REF[who.platform];
    let ticket = await ticketRepo.insert(tx, {
      companyId,
      clientId: client.id,
      departmentId,
      platform: who.platform,
      channelRef,
      stage: 'pending',
      createdAt: first,
      updatedAt: first,
      // The client's first message opens the ticket: they wait from then.
      awaitingSince: first,
    });
    const record = (
      actionType: 'ticket_create' | 'ticket_accept' | 'ticket_close' | 'ticket_reopen' | 'ticket_rating',
      extra: { userId?: string; rating?: number } = {},
    ) => services.actions.record({ companyId, clientId: client.id, ticketId: ticket.id, actionType, ...extra }, tx);
    await record('ticket_create');

    // The handler has read the client's messages up to their own last answer (or the close).
    const lastHandlerLine = lines.findLastIndex((l) => l.from === 'agent' || l.from === 'close');
    const lastClientLine = lines.findLastIndex((l) => l.from === 'client');
    const inserted: { line: Line; row: MessageRow }[] = [];
    let unread = 0;
    for (const [lineIndex, line] of lines.entries()) {
      const when = at(line.ago);
      clock.set(when);
      const base = { companyId, ticketId: ticket.id, clientId: client.id, createdAt: when };
      switch (line.from) {
        case 'client': {
          const read = lineIndex < lastHandlerLine;
          if (!read && handler) unread++;
          inserted.push({
            line,
            row: await messageRepo.insert(tx, {
              ...base,
              type: 'text',
              content: line.text,
              // Read marks on the last one only, as chat.service's markRead leaves them. No channel id
              // (externalId): opening a demo chat then queues no read receipt for a channel that is not there.
              deliveryStatus: read && lineIndex === lastClientLine ? 'read' : 'received',
            }),
          });
          // As intake's touch: the client waits from their oldest message no answer followed.
          ticket = (await ticketRepo.update(tx, companyId, ticket.id, {
            updatedAt: when,
            awaitingSince: ticket.awaitingSince ?? when,
          }))!;
          break;
        }
        case 'agent': {
          inserted.push({
            line,
            row: await messageRepo.insert(tx, {
              ...base,
              type: 'text',
              content: line.text,
              isAgent: true,
              createdById: handler!.id,
              deliveryStatus: deliveredStatus(who.platform, lineIndex < lastClientLine || line.ago > HOUR),
            }),
          });
          // As ticketRepo.answered: the client waits no more, and the first answer is the ticket's first response
          // (its working time is the wall time: the demo's departments are open 24/7).
          ticket = (await ticketRepo.update(tx, companyId, ticket.id, {
            updatedAt: when,
            awaitingSince: null,
            firstResponseAt: ticket.firstResponseAt ?? when,
            firstResponseWorkSec:
              ticket.firstResponseWorkSec ?? Math.round((when.getTime() - ticket.createdAt.getTime()) / 1000),
          }))!;
          break;
        }
        case 'accept':
          ticket = (await ticketRepo.update(tx, companyId, ticket.id, {
            stage: 'accepted',
            handlerId: handler!.id,
            acceptedAt: when,
            updatedAt: when,
          }))!;
          await record('ticket_accept', { userId: handler!.id });
          break;
        case 'close':
          await messageRepo.insert(tx, {
            ...base,
            type: 'close',
            content: `Ticket closed by ${handler!.firstName} ${handler!.lastName}`,
            isAgent: true,
            createdById: handler!.id,
            deliveryStatus: 'sent',
          });
          ticket = (await ticketRepo.update(tx, companyId, ticket.id, {
            stage: 'closed',
            closedAt: when,
            closedById: handler!.id,
            updatedAt: when,
            awaitingSince: null,
          }))!;
          await record('ticket_close', { userId: handler!.id });
          break;
        case 'rating':
          await messageRepo.insert(tx, { ...base, type: 'rating', content: String(line.rating) });
          ticket = (await ticketRepo.update(tx, companyId, ticket.id, { rating: line.rating, updatedAt: when }))!;
          await record('ticket_rating', { userId: handler!.id, rating: line.rating });
          await services.notifications.recordRating(tx, {
            companyId,
            userId: handler!.id,
            name: client.name,
            rating: line.rating,
            ticketId: ticket.id,
            createdAt: when,
          });
          break;
        case 'reopen':
          // As intake reopens: back to pending without a handler, the client's count of reopenings up by one.
          await messageRepo.insert(tx, { ...base, type: 'reopen', content: 'Ticket reopened' });
          ticket = (await ticketRepo.update(tx, companyId, ticket.id, {
            stage: 'pending',
            handlerId: null,
            reopenedAt: when,
            updatedAt: when,
            // The client's message reopened it: they wait from then.
            awaitingSince: when,
          }))!;
          await services.clients.incrementReopened(tx, client);
          await record('ticket_reopen');
          break;
      }
    }

    for (const { line, row } of inserted) {
      if (line.from === 'agent' && line.pin) {
        await pinRepo.insert(
          tx,
          { companyId, ticketId: ticket.id },
          { messageId: row.id, pinnedById: handler!.id, now: row.createdAt },
        );
      }
    }
    // The handler was away when the client wrote: their inbox holds it, as notifications.clientMessage leaves it.
    if (unread > 0 && handler && ticket.stage === 'accepted') {
      const last = lines[lastClientLine] as Extract<Line, { from: 'client' }>;
      await notificationRepo.insert(tx, {
        companyId,
        userId: handler.id,
        type: 'text',
        name: client.name,
        content: last.text,
        ticketId: ticket.id,
        createdAt: at(last.ago),
      });
    }
  }
}
