import type { WidgetMessage, WidgetMessages, WidgetPageConfig, WidgetSession } from '@kreechat/contract';
import { randomId } from '../../web/src/lib/ids';
import { ApiError, type WidgetApi } from './api';
import { WIDGET_IDENTITY_CHECK_MESSAGE, WIDGET_POLL_MS } from './constants';
import { fileErrors, uploadRefusal } from './files';
import type { Translate } from './i18n';
import type { Language } from './language';
import { socketConnect, startLive, type Connect } from './live';
import { dropLocal, firstSeq, lastSeq, mergeMessages, optimistic, setLocalState, type ChatItem } from './messages';
import { decideSession } from './session';
import { departmentChoice, initialState, ticketAfterAll, type WidgetState } from './state';
import type { SessionStore } from './storage';
import type { WidgetView } from './view';

/** What the controller needs of its view (the DOM one, or a recorder in tests). */
export type ViewPort = Pick<WidgetView, 'render' | 'focusLauncher' | 'focusComposer'>;

/** Loose, on purpose: the server checks the address; this only catches a typo before a round trip. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Bot texts the widget draws from state that also survives a reload, not from the notice: the department question
 * (the choice above the composer), and the closing text and the rating's thanks (the closed ticket's `closing`).
 */
const OWN_NOTICES = new Set(['chooseDepartment', 'closed', 'ratingThanks']);
/** Most `after` pages read in one catch-up; more means the socket was down for long: the next poll goes on. */
const CATCH_UP_PAGES = 10;

export type WidgetDeps = {
  config: WidgetPageConfig;
  language: Language;
  t: Translate;
  api: WidgetApi;
  store: SessionStore;
  /** The site's signed identity of a logged-in visitor, or null (logged out, or the call failed). */
  identity: () => Promise<string | null>;
  connect?: (session: string) => Connect;
};

/**
 * The widget's controller: it owns the state, finds the session (session.ts decides which), loads and keeps the
 * conversation current (live.ts), sends what the visitor writes, and hands every state to the view.
 * A session the server no longer knows (401, or an `ended` event) is forgotten, and the widget starts over.
 * A signed-in visitor's session is proved again by the site when the server asks (hourly, `reprove`): the same
 * WordPress user goes on unaware; anyone else is a new visitor.
 */
export class Widget {
  private state: WidgetState = initialState();
  private view: ViewPort | null = null;
  private session: string | null = null;
  private live: { stop(): void } | null = null;
  private starting: Promise<void> | null = null;
  private proving: Promise<WidgetSession | null> | null = null;
  private lastEnded = 0;
  /**
   * The newest seq read from the ordered streams (the first page, the catch-ups, the socket): where the next
   * catch-up starts. Not `lastSeq(items)`: the answer to a send is out of band, and an agent's reply with a lower
   * seq may still be on its way — a cursor moved past it by our own message would skip it for good.
   */
  private cursor = 0;
  private readonly blobs = new Map<string, Promise<string>>();

  constructor(private readonly deps: WidgetDeps) {}

  attach(view: ViewPort): void {
    this.view = view;
    view.render(this.state);
    // A stored session is resumed at once, so its agent's replies arrive (and the launcher shows a dot) before the
    // visitor opens the panel. Without one nothing is asked of KreeChat until the visitor opens it.
    if (this.deps.store.read()) void this.start();
  }

  // —— what the visitor does (ViewActions) ——

  toggle(): void {
    if (this.state.open) this.close();
    else this.open();
  }

  open(): void {
    this.set({ open: true, unread: false });
    if (this.state.phase === 'idle' || this.state.phase === 'error') void this.start();
  }

  close(): void {
    this.set({ open: false });
    this.view?.focusLauncher();
  }

  retry(): void {
    void this.start();
  }

  guest(name: string, email: string): void {
    const { t, api, config, language } = this.deps;
    if (this.state.guestBusy) return;
    if (!name.trim()) return this.set({ guestError: { field: 'name', text: t('nameRequired') } });
    if (!EMAIL.test(email.trim())) return this.set({ guestError: { field: 'email', text: t('emailInvalid') } });
    this.set({ guestBusy: true, guestError: null });
    api
      .createSession({ tokenId: config.tokenId, guest: { name: name.trim(), email: email.trim() }, language })
      .then((created) => this.enter(created.session, created))
      .catch((error: unknown) => {
        // 400 is the server's word on the fields (in English); the rest say the chat cannot be had now. No answer
        // at all (status 0) most likely means KreeChat, which served this widget a moment ago, answers this site
        // nothing: its CORS reaches only a token's own site, so an unknown token or another site's reads as a
        // network failure here. "Not available on this site right now" is true of that and of an outage alike.
        const message = isStatus(error, 400)
          ? (error as ApiError).message
          : isStatus(error, 0)
            ? this.deps.t('unavailable')
            : this.errorText(error);
        this.set({ guestError: { field: null, text: message } });
      })
      .finally(() => this.set({ guestBusy: false }));
  }

  /** The visitor is correcting the form: the old complaint goes. */
  guestEdited(): void {
    if (this.state.guestError) this.set({ guestError: null });
  }

  send(text: string): boolean {
    const { t } = this.deps;
    const file = this.state.file;
    const trimmed = text.trim();
    // SPEC §5: an empty text is ignored (a file may go without a caption).
    if (!trimmed && !file) return false;
    const choice = departmentChoice(this.state);
    if (choice?.mode === 'before' && !this.state.department) {
      this.set({ composerError: t('chooseDepartment') });
      return false;
    }
    if (choice?.mode === 'held') {
      this.set({ composerError: t('chooseDepartment') });
      return false;
    }
    const item = optimistic({
      clientMessageId: randomId(),
      text: trimmed,
      createdAt: new Date().toISOString(),
      ...(file ? { file } : {}),
    });
    this.set({ items: [...this.state.items, item], file: null, composerError: null });
    void this.deliver(item);
    return true;
  }

  pickFile(file: File | null): void {
    if (!file) return this.set({ file: null, composerError: null });
    const errors = fileErrors(file, this.deps.t, this.deps.language).filter(Boolean);
    this.set(errors.length ? { file: null, composerError: errors.join(' ') } : { file, composerError: null });
    this.view?.focusComposer();
  }

  resend(clientMessageId: string): void {
    const item = this.state.items.find((i) => i.local && i.clientMessageId === clientMessageId);
    if (!item) return;
    this.set({ items: setLocalState(this.state.items, clientMessageId, 'sending') });
    void this.deliver(item);
  }

  older(): void {
    const before = firstSeq(this.state.items);
    const session = this.session;
    if (before === null || !session || this.state.olderBusy) return;
    this.set({ olderBusy: true });
    this.withSession(session, (s) => this.deps.api.messages(s, { before }))
      .then((page) => this.set({ items: mergeMessages(this.state.items, page.messages), hasMore: page.hasMore }))
      .catch((error: unknown) => this.refused(error))
      .finally(() => this.set({ olderBusy: false }));
  }

  chooseDepartment(id: string): void {
    const choice = departmentChoice(this.state);
    this.set({ department: id, composerError: null });
    const session = this.session;
    if (choice?.mode !== 'held' || !session) return;
    this.withSession(session, (s) => this.deps.api.chooseDepartment(s, id))
      .then(() => {
        this.set({ held: [], noticeDepartments: [], notice: null });
        return this.catchUp();
      })
      .catch((error: unknown) => this.refused(error));
  }

  rate(rating: number): void {
    const ticket = this.state.ticket;
    const session = this.session;
    if (!ticket || !session) return;
    this.withSession(session, (s) => this.deps.api.rate(s, ticket.id, rating))
      .then(() => {
        if (this.state.ticket?.id === ticket.id) this.set({ ticket: { ...this.state.ticket, rating } });
      })
      .catch((error: unknown) => this.refused(error));
  }

  endChat(): void {
    const session = this.session;
    if (!session) return;
    this.deps.api
      .end(session)
      .catch(() => undefined)
      .then(() => {
        this.forget();
        void this.start();
      });
  }

  /** A blob URL of a message's file; read once per page. */
  fileUrl(message: WidgetMessage): Promise<string> {
    const url = message.file?.url;
    const session = this.session;
    if (!url || !session) return Promise.reject(new Error('no file'));
    let known = this.blobs.get(url);
    if (!known) {
      known = this.withSession(session, (s) => this.deps.api.file(s, url)).then((blob) => URL.createObjectURL(blob));
      known.catch(() => this.blobs.delete(url));
      this.blobs.set(url, known);
    }
    return known;
  }

  // —— the session ——

  private start(): Promise<void> {
    this.starting ??= this.findSession().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** session.ts's decision, carried out; see there for the rules. */
  private async findSession(): Promise<void> {
    const { api, store, config, language, identity } = this.deps;
    this.set({ phase: 'loading', error: null });
    try {
      const storedToken = store.read();
      const [found, signed] = await Promise.all([storedToken ? this.storedSession(storedToken) : null, identity()]);
      let stored = found === 'unproved' ? null : found;
      if (found === 'unproved' && storedToken) {
        // Signed in over an hour ago: still the same WordPress user, the session goes on; else it ended with them.
        const proved = await this.reprove(storedToken, signed);
        if (proved) return await this.enter(storedToken, proved);
        store.forget();
        stored = null;
      }
      const decision = decideSession(stored?.visitor ?? null, signed);
      if (decision.kind === 'reuse' && storedToken && stored) return await this.enter(storedToken, stored);
      if (decision.kind === 'verify' && signed) {
        const created = await api
          .createSession({ tokenId: config.tokenId, identity: signed, language })
          // The site's signature was refused (expired, or signed with a replaced secret): a guest, then.
          .catch(ifStatus(401, null));
        if (created) {
          if (storedToken && stored) void api.end(storedToken).catch(() => undefined);
          return await this.enter(created.session, created);
        }
        if (storedToken && stored && !stored.visitor.verified) return await this.enter(storedToken, stored);
      }
      // Nobody the stored session belongs to is here (a verified visitor logged out): it ends with them.
      if (storedToken && stored) void api.end(storedToken).catch(() => undefined);
      if (storedToken) store.forget();
      this.set({ phase: 'guest' });
    } catch (error) {
      this.set({ phase: 'error', error: this.errorText(error) });
    }
  }

  /** The stored session's visitor; null when the server no longer knows it; 'unproved' when the site must vouch. */
  private storedSession(session: string): Promise<WidgetSession | 'unproved' | null> {
    return this.deps.api.session(session).catch((error: unknown) => {
      if (isIdentityCheck(error)) return 'unproved' as const;
      return ifStatus(401, null)(error);
    });
  }

  /**
   * The server asks the site to vouch again for the session's signed-in visitor: the site's fresh signed identity
   * (`signed` when the caller already has it) proves them, and the session goes on — its visitor is the answer.
   * Null when nobody is logged in to the site any more (or its identity call failed), or the server refuses the
   * identity (another user logged in): the session is ended on the server too, and the caller starts over as for a
   * new visitor. Any other failure (KreeChat unreachable) is thrown and the session is kept.
   */
  private reprove(session: string, signed?: string | null): Promise<WidgetSession | null> {
    this.proving ??= this.proveAgain(session, signed).finally(() => {
      this.proving = null;
    });
    return this.proving;
  }

  private async proveAgain(session: string, signed: string | null | undefined): Promise<WidgetSession | null> {
    const identity = signed === undefined ? await this.deps.identity() : signed;
    if (identity) {
      try {
        const proved = await this.deps.api.proveIdentity(session, identity);
        if (session === this.session) this.set({ visitor: proved.visitor, departments: proved.departments });
        return proved;
      } catch (error) {
        if (!isStatus(error, 401)) throw error;
      }
    }
    void this.deps.api.end(session).catch(() => undefined);
    return null;
  }

  /** A call with the session; when the server wants the visitor proved again, the site does and it is made again. */
  private async withSession<T>(session: string, call: (session: string) => Promise<T>): Promise<T> {
    try {
      return await call(session);
    } catch (error) {
      if (!isIdentityCheck(error) || !(await this.reprove(session))) throw error;
      return call(session);
    }
  }

  private async enter(session: string, about: WidgetSession): Promise<void> {
    this.session = session;
    this.deps.store.write(session);
    this.set({ phase: 'loading', visitor: about.visitor, departments: about.departments, guestError: null });
    let page: WidgetMessages;
    try {
      page = await this.withSession(session, (s) => this.deps.api.messages(s));
    } catch (error) {
      if (isStatus(error, 401)) return this.ended();
      return this.set({ phase: 'error', error: this.errorText(error) });
    }
    this.cursor = lastSeq(page.messages);
    this.set({
      phase: 'ready',
      items: mergeMessages([], page.messages),
      hasMore: page.hasMore,
      ticket: page.ticket,
      held: page.held,
    });
    this.live?.stop();
    this.live = startLive({
      connect: (this.deps.connect ?? ((s) => socketConnect(this.deps.config.server, s)))(session),
      pollMs: WIDGET_POLL_MS,
      catchUp: () => this.catchUp(),
      events: {
        message: (message) => {
          this.cursor = Math.max(this.cursor, message.seq);
          this.receive([message]);
        },
        ticket: (ticket) => this.set({ ticket }),
        notice: (notice) =>
          this.set({
            notice: OWN_NOTICES.has(notice.kind) ? this.state.notice : notice.text || null,
            ...(notice.departments.length ? { noticeDepartments: notice.departments } : {}),
          }),
        ended: () => this.ended(),
      },
    });
  }

  /** What happened since the newest message shown (after a reconnection, and every poll while offline). */
  private async catchUp(): Promise<void> {
    for (let page = 0; page < CATCH_UP_PAGES; page++) {
      const session = this.session;
      if (!session) return;
      let answer: WidgetMessages;
      try {
        answer = await this.withSession(session, (s) => this.deps.api.messages(s, { after: this.cursor }));
      } catch (error) {
        this.refused(error);
        throw error;
      }
      if (session !== this.session) return;
      this.cursor = Math.max(this.cursor, lastSeq(answer.messages));
      this.receive(answer.messages);
      this.set({ ticket: answer.ticket, held: answer.held });
      if (!answer.hasMore || answer.messages.length === 0) return;
    }
  }

  private receive(messages: WidgetMessage[]): void {
    if (messages.length === 0) return;
    const fresh = messages.some((m) => m.seq > lastSeq(this.state.items) && m.from !== 'visitor');
    this.set({
      ticket: ticketAfterAll(this.state.ticket, this.state.items, messages),
      items: mergeMessages(this.state.items, messages),
      unread: this.state.unread || (fresh && !this.state.open),
    });
  }

  private async deliver(item: ChatItem): Promise<void> {
    const session = this.session;
    const cid = item.clientMessageId!;
    if (!session) return;
    try {
      // The department chosen before the first message goes with it (text or file).
      const department =
        this.state.department && this.state.ticket === null ? { departmentId: this.state.department } : {};
      const sent = await this.withSession(session, (s) =>
        item.pendingFile
          ? this.deps.api.sendFile(s, {
              clientMessageId: cid,
              caption: item.text,
              file: item.pendingFile,
              ...department,
            })
          : this.deps.api.send(s, { text: item.text, clientMessageId: cid, ...department }),
      );
      if (sent.status === 'held') {
        this.set({
          items: dropLocal(this.state.items, cid),
          held: [...this.state.held, { text: item.text, createdAt: item.createdAt }],
        });
      } else if (sent.message) this.receive([sent.message]);
    } catch (error) {
      if (isStatus(error, 401)) return this.ended();
      // A file the server refused for its type or a storage quota says why in the visitor's language.
      const refusal = error instanceof ApiError ? uploadRefusal(error, this.deps.t, this.deps.language) : undefined;
      this.set({
        items: setLocalState(this.state.items, cid, 'failed'),
        composerError:
          refusal ?? (isStatus(error, 400) ? (error as ApiError).message : this.errorText(error, 'sendError')),
      });
    }
  }

  /** A refused call: an ended session starts over; anything else is shown under the composer. */
  private refused(error: unknown): void {
    if (isStatus(error, 401)) this.ended();
    else this.set({ composerError: this.errorText(error, 'sendError') });
  }

  /** The server ended the session (revoked token, blocked client, expired): forget it and start over. */
  private ended(): void {
    this.forget();
    // Twice in a row at once means the server refuses every new session too: stop there rather than loop.
    const now = Date.now();
    const again = now - this.lastEnded < 10_000;
    this.lastEnded = now;
    if (again) this.set({ phase: 'error', error: this.deps.t('unavailable') });
    // Closed, it waits for the next open (open() starts from idle).
    else if (this.state.open) void this.start();
  }

  private forget(): void {
    this.live?.stop();
    this.live = null;
    this.session = null;
    this.cursor = 0;
    this.deps.store.forget();
    for (const url of this.blobs.values()) void url.then(URL.revokeObjectURL, () => undefined);
    this.blobs.clear();
    const { open } = this.state;
    this.state = { ...initialState(), open };
    this.render();
  }

  private errorText(error: unknown, fallback: 'loadError' | 'sendError' = 'loadError'): string {
    const { t } = this.deps;
    if (error instanceof ApiError) {
      if (error.status === 401 || error.status === 403) return t('unavailable');
      if (error.status === 429) return t('tooMany', { s: error.retryAfter ?? 60 });
    }
    return t(fallback);
  }

  private set(patch: Partial<WidgetState>): void {
    this.state = { ...this.state, ...patch };
    this.render();
  }

  private render(): void {
    this.view?.render(this.state);
  }
}

const isStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status;
/** The server's hourly question: is the signed-in visitor still who the site says? (Not an ended session.) */
const isIdentityCheck = (error: unknown): boolean =>
  isStatus(error, 401) && (error as ApiError).message === WIDGET_IDENTITY_CHECK_MESSAGE;

/** A `.catch` that turns one refusal status into `value` and lets every other error through. */
const ifStatus =
  <T>(status: number, value: T) =>
  (error: unknown): T => {
    if (isStatus(error, status)) return value;
    throw error;
  };
