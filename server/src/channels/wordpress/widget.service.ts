import { randomUUID } from 'node:crypto';
import {
  LANGUAGES,
  WIDGET_IDENTITY_CHECK_MESSAGE,
  WIDGET_IDENTITY_CHECK_S,
  WIDGET_PAGE_SIZE,
  type CreatedWidgetSession,
  type Language,
  type SentWidgetMessage,
  type WidgetMessages,
  type WidgetSession,
} from '@kreechat/contract';
import type { Db, Tx } from '../../db/client';
import { createGroupCommit } from '../../db/group-commit';
import type { FileStorage } from '../../files/storage';
import type { DepartmentService } from '../../modules/departments';
import type { InboundContent, InboundOrigin, IntakeOutcome, IntakeService } from '../../modules/client-messages';
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

/**
 * How long a session lives unused. A signed-in visitor's is usable only WIDGET_IDENTITY_CHECK_S after the site last
 * proved them (see `resolve`), so its lifetime bounds only how long an idle session can still be proved again and
 * kept (and its row); a guest's lives longer, as nothing stands behind it but the browser that holds it.
 */
const VERIFIED_SESSION_MS = 12 * 60 * 60_000;
const GUEST_SESSION_MS = 30 * 24 * 60 * 60_000;
const IDENTITY_CHECK_MS = WIDGET_IDENTITY_CHECK_S * 1000;
/** How stale a session's and a token's "last seen" may get before a call writes them again. */
const TOUCH_EVERY_MS = 60_000;
/** Used signed identities are forgotten, once expired, at most this often per process and this many at a time. */
const USED_IDENTITY_SWEEP_MS = 60_000;
const USED_IDENTITY_SWEEP_ROWS = 10_000;

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
  identityCheck: WIDGET_IDENTITY_CHECK_MESSAGE,
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

  /** A signed-in visitor's session the site has not vouched for within the hour (guests have no such check). */
  const identityStale = (s: ResolvedWidgetSession, now: Date) =>
    s.verified && (!s.identityCheckedAt || s.identityCheckedAt.getTime() <= now.getTime() - IDENTITY_CHECK_MS);

  let identitiesSweptAt = 0;
  /** Expired rows of used identities go now and then, from whichever process creates sessions. */
  async function sweepUsedIdentities(now: Date) {
    if (now.getTime() - identitiesSweptAt < USED_IDENTITY_SWEEP_MS) return;
    identitiesSweptAt = now.getTime();
    await repo.deleteExpiredIdentities(db, now, USED_IDENTITY_SWEEP_ROWS);
  }

  /**
   * A signed identity of this token, taken for good: an identity copied out of a page (or a proxy's log) opens
   * nothing once the page it was made for has used it. The key is the whole signed string: the plugin signs a
   * random nonce in, and an older plugin's identity (no nonce) is told apart by its signature alone.
   */
  async function takeIdentity(
    tx: Tx,
    signed: string,
    token: { publicId: string; secret: string },
    now: Date,
    sameEmailAs?: string,
  ) {
    const checked = verifyIdentity(signed, { tokenId: token.publicId, secret: token.secret, now });
    if (!checked.ok) throw new UnauthorizedError(WIDGET_ERRORS.identity);
    // Another e-mail is refused before the identity is taken: the widget may still open that visitor's session.
    if (sameEmailAs !== undefined && checked.identity.email !== sameEmailAs) {
      throw new UnauthorizedError(WIDGET_ERRORS.identity);
    }
    if (!(await repo.useIdentity(tx, sha256(signed), checked.usableUntil))) {
      throw new UnauthorizedError(WIDGET_ERRORS.identity);
    }
    return checked.identity;
  }

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
      client: { externalId: s.identity, name: s.name, language: s.language, email: s.email, verified: s.verified },
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
      const bearer = randomToken(32);
      const language = languageOf(input.language);
      // The identity is taken in the session's transaction: a session that is not made leaves it unused.
      const visitor = await db.transaction(async (tx) => {
        let visitor: { name: string; email: string; verified: boolean; identity: string };
        if (input.identity) {
          const { email, name } = await takeIdentity(tx, input.identity, token, now);
          visitor = { email, name: name || email, verified: true, identity: `${token.publicId}:${email}` };
        } else {
          // A guest's e-mail is only what they typed: their identity is their own, never a signed-in visitor's.
          const guest = input.guest!;
          visitor = { ...guest, verified: false, identity: `${token.publicId}:guest:${randomUUID()}` };
        }
        const lifetime = visitor.verified ? VERIFIED_SESSION_MS : GUEST_SESSION_MS;
        await repo.insertSession(tx, {
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
          identityCheckedAt: visitor.verified ? now : null,
        });
        return visitor;
      });
      await repo.touchToken(db, token.id, now);
      await sweepUsedIdentities(now);
      return {
        session: bearer,
        visitor: { name: visitor.name, email: visitor.email, verified: visitor.verified },
        language,
        departments: await departmentChoices(token.companyId),
      };
    },

    /**
     * The session behind a bearer, used from its own site only; extends it while it is in use. A signed-in
     * visitor's session the site has not proved within the hour is refused (401, identityCheck) until
     * `proveIdentity`; `identityCheck: false` lets the calls through that need no proof (ending it, proving it).
     * `found` hears of the session as soon as it is read, refused or not (the route answers CORS to its site).
     */
    async resolve(
      bearer: string | undefined,
      origin: string | undefined,
      options: { identityCheck?: boolean; found?: (s: ResolvedWidgetSession) => void } = {},
    ): Promise<ResolvedWidgetSession> {
      if (!bearer) throw new UnauthorizedError(WIDGET_ERRORS.sessionEnded);
      const now = clock.now();
      const session = await lookUp(sha256(bearer));
      if (!session) throw new UnauthorizedError(WIDGET_ERRORS.sessionEnded);
      options.found?.(session);
      if (origin !== session.siteOrigin) throw new ForbiddenError(WIDGET_ERRORS.foreignOrigin);
      if (options.identityCheck !== false && identityStale(session, now)) {
        throw new UnauthorizedError(WIDGET_ERRORS.identityCheck);
      }
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

    /**
     * The site vouches again for the session's signed-in visitor: a fresh signed identity of the same e-mail (taken
     * for good, like one that opens a session) restarts the hour. Anyone else's, a guest's session, or a used or
     * invalid identity is refused (401, identity) and the session stays as it was.
     */
    async proveIdentity(s: ResolvedWidgetSession, signed: string): Promise<WidgetSession> {
      const now = clock.now();
      const token = await repo.tokenByPublicId(db, s.tokenPublicId);
      if (!token || !s.verified) throw new UnauthorizedError(WIDGET_ERRORS.identity);
      await db.transaction(async (tx) => {
        await takeIdentity(tx, signed, token, now, s.email);
        await repo.proveSession(tx, s.id, now, new Date(now.getTime() + VERIFIED_SESSION_MS));
      });
      return describe(s);
    },

    /**
     * Who may read a widget answer whose session or token is not known (CORS): for a token named, its own site;
     * otherwise any site some token names — a call whose session has gone must still learn so from the site.
     */
    async readableBy(origin: string, tokenId: string | undefined): Promise<boolean> {
      if (tokenId !== undefined) return (await repo.siteOriginOfToken(db, tokenId)) === origin;
      return repo.isSiteOrigin(db, origin);
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
      // The visitor chose this file: the chat's types only, counted against the session's and the site's day.
      const stored = await storage.save(s.companyId, input.file.bytes, input.file.name, {
        types: 'chat',
        source: { kind: 'channel', platform: 'wordpress', channelRef: s.tokenPublicId, senderId: s.id },
      });
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
      // A retried upload was stored twice; the first copy is the message's, this one nobody points at (nor at its
      // thumbnail), and its bytes give the quota back.
      if (outcome.outcome === 'duplicate') {
        for (const key of [stored.key, stored.thumbnailKey]) if (key) await storage.remove(s.companyId, key);
      }
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
