import { randomUUID } from 'node:crypto';
import {
  LANGUAGES,
  WIDGET_PAGE_SIZE,
  type CreatedWidgetSession,
  type Language,
  type SentWidgetMessage,
  type WidgetMessages,
  type WidgetSession,
} from '@kreechat/contract';
import type { Db } from '../../db/client';
import { createGroupCommit } from '../../db/group-commit';
import type { FileStorage } from '../../files/storage';
import type { DepartmentService } from '../../modules/departments';
import type { InboundContent, InboundOrigin, IntakeOutcome, IntakeService } from '../../modules/intake';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../platform/errors';
import { createRequestWindows, type Take } from '../../platform/request-window';
import type { WidgetPublisher } from '../../platform/widget-events';
import { verifyIdentity } from './identity';
import type { WidgetTickets } from './widget-tickets';
import { toWidgetMessage, widgetRepo, type VisitorKey } from './widget.repo';
import type { ResolvedWidgetSession, WordpressRepo } from './wordpress.repo';

export type WidgetService = ReturnType<typeof createWidgetService>;

/** A signed-in visitor's session is re-proved by the site on every page load; a guest's lives longer. */
const VERIFIED_SESSION_MS = 12 * 60 * 60_000;
const GUEST_SESSION_MS = 30 * 24 * 60 * 60_000;
/** How stale a session's and a token's "last seen" may get before a call writes them again. */
const TOUCH_EVERY_MS = 60_000;

/**
 * How much one site, one address and one visitor may ask (per process, per minute). A page load is one session
 * call at most; a visitor types far below the session's ceiling; the token's allows a busy site's whole audience.
 */
export const WIDGET_LIMITS = {
  sessionsPerAddress: { max: 20, windowMs: 60_000 },
  sessionsPerToken: { max: 2_000, windowMs: 60_000 },
  sendsPerSession: { max: 30, windowMs: 60_000 },
  sendsPerAddress: { max: 120, windowMs: 60_000 },
  sendsPerToken: { max: 5_000, windowMs: 60_000 },
};

export const WIDGET_ERRORS = {
  invalidToken: 'This chat is not set up for this site',
  foreignOrigin: 'This chat is not available on this site',
  identity: 'Your sign-in could not be verified. Reload the page.',
  sessionEnded: 'The chat session ended',
  blocked: 'This chat is not available',
  notYours: 'Not found',
};

const languageOf = (value: string | undefined | null): Language =>
  value && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';

/** The public face of the WordPress channel: what a visitor's widget may do, checked against its session. */
export function createWidgetService(deps: {
  db: Db;
  clock: Clock;
  repo: WordpressRepo;
  live: WidgetPublisher;
  intake: IntakeService;
  departments: Pick<DepartmentService, 'listLive'>;
  storage: FileStorage;
  visitorTickets: WidgetTickets;
}) {
  const { db, clock, repo, live, intake, departments, storage, visitorTickets } = deps;
  const windows = {
    sessionsPerAddress: createRequestWindows(WIDGET_LIMITS.sessionsPerAddress),
    sessionsPerToken: createRequestWindows(WIDGET_LIMITS.sessionsPerToken),
    sendsPerSession: createRequestWindows(WIDGET_LIMITS.sendsPerSession),
    sendsPerAddress: createRequestWindows(WIDGET_LIMITS.sendsPerAddress),
    sendsPerToken: createRequestWindows(WIDGET_LIMITS.sendsPerToken),
  };
  /**
   * Every widget call reads its session: the calls arriving together read theirs in one query (as the agents'
   * socket handshakes do), so a busy site costs a read per moment, not one per call. Nothing is cached: a session
   * ended or a token deleted a moment ago is refused by the next call.
   */
  const lookUp = createGroupCommit<string, ResolvedWidgetSession | undefined>({
    write: async (ids) => {
      const found = new Map((await repo.resolveSessions(db, ids, clock.now())).map((s) => [s.id, s]));
      return ids.map((id) => found.get(id));
    },
    maxInFlight: 2,
    maxBatch: 200,
    keysOf: () => [],
  });
  const admit = (...takes: Take[]) => {
    const refused = takes.find((t): t is Extract<Take, { ok: false }> => !t.ok);
    if (refused) throw new TooManyRequestsError('Too many messages. Wait a moment.', refused.retryAfterSeconds);
  };

  const visitorOf = (s: ResolvedWidgetSession): VisitorKey => ({
    companyId: s.companyId,
    tokenPublicId: s.tokenPublicId,
    identity: s.identity,
  });

  async function departmentChoices(companyId: string) {
    const live = await departments.listLive(companyId);
    return live.length > 1 ? live.map((d) => ({ id: d.departmentid, name: d.department_name })) : [];
  }

  const describe = async (s: ResolvedWidgetSession): Promise<WidgetSession> => ({
    visitor: { name: s.name, email: s.email, verified: s.verified },
    language: languageOf(s.language),
    departments: await departmentChoices(s.companyId),
  });

  function originOf(s: ResolvedWidgetSession, updateId: string, payload: unknown): InboundOrigin {
    return {
      companyId: s.companyId,
      platform: 'wordpress',
      channelRef: s.tokenPublicId,
      client: { externalId: s.identity, name: s.name, language: s.language, email: s.email },
      update: { channelKey: `wordpress:${s.tokenPublicId}`, updateId: `${s.identity}:${updateId}`, payload },
    };
  }

  /** What a stored message became, answered to the tab that sent it and shown in the visitor's other tabs. */
  async function answer(
    s: ResolvedWidgetSession,
    outcome: IntakeOutcome,
    clientMessageId: string,
    text: string | null,
  ) {
    if (outcome.outcome === 'ignored') throw new ForbiddenError(WIDGET_ERRORS.blocked);
    // A text just stored is answered from what intake wrote; a file or a retried send is read back.
    const appended = outcome.outcome === 'appended' ? outcome : undefined;
    const message =
      appended?.message && text !== null
        ? toWidgetMessage({
            ...appended.message,
            ticketId: appended.ticketId,
            type: 'text',
            content: text,
            isAgent: false,
            fileName: null,
            fileSize: null,
            filePath: null,
            externalId: clientMessageId,
            agentFirst: null,
          })
        : await widgetRepo.byClientMessageId(db, visitorOf(s), clientMessageId);
    if (message) live.toVisitor(s.tokenPublicId, s.identity, 'message', message);
    if (outcome.outcome === 'appended' && (outcome.created || outcome.reopened)) {
      const ticket = await visitorTickets.byId(s.companyId, outcome.ticketId);
      if (ticket) live.toVisitor(s.tokenPublicId, s.identity, 'ticket', ticket);
    }
    return { status: message ? 'appended' : 'held', message: message ?? null } satisfies SentWidgetMessage;
  }

  function limitSend(s: ResolvedWidgetSession, address: string) {
    admit(
      windows.sendsPerSession.take(s.id),
      windows.sendsPerAddress.take(address),
      windows.sendsPerToken.take(s.tokenPublicId),
    );
  }

  return {
    /** A session for a visitor of a site: signed in (the site signed the identity) or a guest. */
    async createSession(input: {
      tokenId: string;
      identity?: string;
      guest?: { name: string; email: string };
      language?: Language;
      origin: string | undefined;
      address: string;
    }): Promise<CreatedWidgetSession> {
      admit(windows.sessionsPerAddress.take(input.address), windows.sessionsPerToken.take(input.tokenId));
      const token = await repo.tokenByPublicId(db, input.tokenId);
      if (!token) throw new UnauthorizedError(WIDGET_ERRORS.invalidToken);
      if (input.origin !== token.siteOrigin) throw new ForbiddenError(WIDGET_ERRORS.foreignOrigin);
      const now = clock.now();
      let visitor: { name: string; email: string; verified: boolean; identity: string };
      if (input.identity) {
        const checked = verifyIdentity(input.identity, { tokenId: token.publicId, secret: token.secret, now });
        if (!checked.ok) throw new UnauthorizedError(WIDGET_ERRORS.identity);
        const { email, name } = checked.identity;
        visitor = { email, name: name || email, verified: true, identity: `${token.publicId}:${email}` };
      } else {
        // A guest's e-mail is only what they typed: their identity is their own, never a signed-in visitor's.
        const guest = input.guest!;
        visitor = { ...guest, verified: false, identity: `${token.publicId}:guest:${randomUUID()}` };
      }
      const bearer = randomToken(32);
      const language = languageOf(input.language);
      const lifetime = visitor.verified ? VERIFIED_SESSION_MS : GUEST_SESSION_MS;
      await repo.insertSession(db, {
        id: sha256(bearer),
        companyId: token.companyId,
        tokenId: token.id,
        identity: visitor.identity,
        verified: visitor.verified,
        email: visitor.email,
        name: visitor.name,
        language,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + lifetime),
      });
      await repo.touchToken(db, token.id, now);
      return {
        session: bearer,
        visitor: { name: visitor.name, email: visitor.email, verified: visitor.verified },
        language,
        departments: await departmentChoices(token.companyId),
      };
    },

    /** The session behind a bearer, used from its own site only; extends it while it is in use. */
    async resolve(bearer: string | undefined, origin: string | undefined): Promise<ResolvedWidgetSession> {
      if (!bearer) throw new UnauthorizedError(WIDGET_ERRORS.sessionEnded);
      const now = clock.now();
      const session = await lookUp(sha256(bearer));
      if (!session) throw new UnauthorizedError(WIDGET_ERRORS.sessionEnded);
      if (origin !== session.siteOrigin) throw new ForbiddenError(WIDGET_ERRORS.foreignOrigin);
      // Writes at most once a minute per session and token: a busy visitor costs one read per call.
      const stale = now.getTime() - TOUCH_EVERY_MS;
      if (session.lastSeenAt.getTime() < stale) {
        const lifetime = session.verified ? VERIFIED_SESSION_MS : GUEST_SESSION_MS;
        await repo.extendSession(db, session.id, now, new Date(now.getTime() + lifetime));
      }
      if (!session.tokenLastSeenAt || session.tokenLastSeenAt.getTime() < stale) {
        await repo.touchToken(db, session.tokenId, now);
      }
      return session;
    },

    describe,

    async messages(s: ResolvedWidgetSession, cursor: { before?: number; after?: number }): Promise<WidgetMessages> {
      const visitor = visitorOf(s);
      const [page, ticket, held] = await Promise.all([
        widgetRepo.page(db, visitor, cursor, WIDGET_PAGE_SIZE),
        visitorTickets.latest(visitor),
        cursor.before === undefined ? widgetRepo.held(db, visitor) : Promise.resolve([]),
      ]);
      return { ...page, ticket, held };
    },

    async send(
      s: ResolvedWidgetSession,
      address: string,
      body: { text: string; clientMessageId: string; departmentId?: string },
    ): Promise<SentWidgetMessage> {
      limitSend(s, address);
      const outcome = await intake.receive(
        originOf(s, body.clientMessageId, { text: body.text, clientMessageId: body.clientMessageId }),
        { externalId: body.clientMessageId, sentAt: clock.now(), content: { type: 'text', text: body.text } },
        { departmentId: body.departmentId },
      );
      return answer(s, outcome, body.clientMessageId, body.text);
    },

    async sendFile(
      s: ResolvedWidgetSession,
      address: string,
      input: {
        clientMessageId: string;
        caption: string | null;
        departmentId?: string;
        file: { bytes: Buffer; name: string };
      },
    ): Promise<SentWidgetMessage> {
      limitSend(s, address);
      const stored = await storage.save(s.companyId, input.file.bytes, input.file.name);
      const content: InboundContent = {
        type: stored.kind,
        caption: input.caption,
        file: { key: stored.key, name: stored.name, size: stored.size, thumbnailKey: stored.thumbnailKey },
      };
      const outcome = await intake.receive(
        originOf(s, input.clientMessageId, { file: stored.key, name: stored.name, caption: input.caption }),
        { externalId: input.clientMessageId, sentAt: clock.now(), content },
        { departmentId: input.departmentId },
      );
      // A retried upload was stored twice; the first copy is the message's, this one nobody points at.
      if (outcome.outcome === 'duplicate') await storage.remove(s.companyId, stored.key);
      return answer(s, outcome, input.clientMessageId, null);
    },

    async chooseDepartment(s: ResolvedWidgetSession, address: string, departmentId: string) {
      limitSend(s, address);
      const outcome = await intake.chooseDepartment(
        originOf(s, `department:${randomUUID()}`, { departmentId }),
        departmentId,
      );
      if (outcome.outcome === 'ignored') {
        if (outcome.reason === 'blocked client') throw new ForbiddenError(WIDGET_ERRORS.blocked);
        throw new NotFoundError('Department not found!');
      }
      if (outcome.outcome === 'appended') {
        const ticket = await visitorTickets.byId(s.companyId, outcome.ticketId);
        if (ticket) live.toVisitor(s.tokenPublicId, s.identity, 'ticket', ticket);
      }
    },

    async rate(s: ResolvedWidgetSession, address: string, ticketId: string, rating: number) {
      limitSend(s, address);
      const outcome = await intake.rate(originOf(s, `rating:${ticketId}`, { ticketId, rating }), ticketId, rating);
      if (outcome.outcome === 'ignored' && outcome.reason === 'unknown message')
        throw new NotFoundError(WIDGET_ERRORS.notYours);
      const ticket = await visitorTickets.byId(s.companyId, ticketId);
      if (ticket && outcome.outcome === 'rated') live.toVisitor(s.tokenPublicId, s.identity, 'ticket', ticket);
    },

    /** A file of the visitor's own conversation, or undefined. */
    async file(s: ResolvedWidgetSession, messageId: string) {
      const row = await widgetRepo.file(db, visitorOf(s), messageId);
      if (!row?.filePath) return undefined;
      const opened = await storage.open(s.companyId, row.filePath);
      return opened && { ...opened, name: row.fileName ?? 'file' };
    },

    async end(s: ResolvedWidgetSession) {
      await repo.endSession(db, s.id);
      live.endSession(s.id);
    },
  };
}
