import type { WidgetMessage, WidgetTicket, WidgetVisitor } from '@kreechat/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type WidgetApi } from './api';
import { WIDGET_IDENTITY_CHECK_MESSAGE } from './constants';
import { translator } from './i18n';
import type { LiveHandlers } from './live';
import { identityEmail } from './session';
import type { WidgetState } from './state';
import { sessionStore, type KeyValueStore } from './storage';
import { Widget } from './widget';

/** A company's closing words, as the server puts them on a closed ticket. */
const CLOSING_WORDS = {
  text: 'Your ticket has been closed.',
  ratingQuestion: 'How would you rate us?',
  ratingThanks: 'Thanks!',
};

/**
 * The controller against a small in-memory KreeChat that keeps the widget API's rules (sessions by bearer, 401
 * once ended, 401 for a signed-in session the site must prove again, seq order, `after` cursors): what the widget
 * decides and shows, not which functions it called.
 */
function fakeDesk() {
  const sessions = new Map<string, WidgetVisitor>();
  const ended: string[] = [];
  /** Signed-in sessions past their hour: every call but ending and proving is refused until proved. */
  const unproved = new Set<string>();
  const proofs: string[] = [];
  const messages: WidgetMessage[] = [];
  let ticket: WidgetTicket | null = null;
  let next = 0;
  const visitorOf = (bearer: string) => {
    const visitor = sessions.get(bearer);
    if (!visitor) throw new ApiError(401, 'Session ended');
    if (unproved.has(bearer)) throw new ApiError(401, WIDGET_IDENTITY_CHECK_MESSAGE);
    return visitor;
  };
  const append = (fields: Partial<WidgetMessage>): WidgetMessage => {
    ticket ??= { id: 't1', stage: 'pending', rating: null, closing: null };
    next += 1;
    const message: WidgetMessage = {
      id: `m${next}`,
      seq: next,
      ticketId: ticket.id,
      type: 'text',
      text: '',
      from: 'agent',
      agentName: 'Ann Agent',
      createdAt: new Date().toISOString(),
      file: null,
      clientMessageId: null,
      ...fields,
    };
    messages.push(message);
    return message;
  };
  const api: WidgetApi = {
    async createSession(body) {
      let visitor: WidgetVisitor;
      if (body.identity) {
        const email = identityEmail(body.identity);
        if (!email || body.identity.endsWith('.forged')) throw new ApiError(401, 'Invalid identity');
        visitor = { name: 'Verified', email, verified: true };
      } else visitor = { name: body.guest!.name, email: body.guest!.email, verified: false };
      const session = `session-${sessions.size + ended.length + 1}`;
      sessions.set(session, visitor);
      return { session, visitor, language: 'en', departments: [] };
    },
    async session(bearer) {
      return { visitor: visitorOf(bearer), language: 'en', departments: [] };
    },
    async messages(bearer, query = {}) {
      visitorOf(bearer);
      const page = query.after !== undefined ? messages.filter((m) => m.seq > query.after!) : messages.slice(-50);
      return { messages: page, hasMore: false, ticket, held: [] };
    },
    async send(bearer, body) {
      visitorOf(bearer);
      return { status: 'appended', message: append({ from: 'visitor', agentName: null, ...body }) };
    },
    sendFile: async () => {
      throw new ApiError(500, 'not in this fake');
    },
    chooseDepartment: async () => undefined,
    async rate(bearer, _ticketId, rating) {
      visitorOf(bearer);
      ticket = { ...ticket!, rating };
    },
    async end(bearer) {
      sessions.delete(bearer);
      ended.push(bearer);
    },
    async proveIdentity(bearer, identity) {
      const visitor = sessions.get(bearer);
      if (!visitor) throw new ApiError(401, 'Session ended');
      const email = identityEmail(identity);
      const same = visitor.verified && email?.toLowerCase() === visitor.email.toLowerCase();
      if (!same || identity.endsWith('.forged')) throw new ApiError(401, 'Invalid identity');
      unproved.delete(bearer);
      proofs.push(identity);
      return { visitor, language: 'en', departments: [] };
    },
    file: async () => new Blob(['x']),
  };
  return {
    api,
    sessions,
    ended,
    proofs,
    /** The session's hour is up: the site must prove its visitor again. */
    unprove: (bearer: string) => void unproved.add(bearer),
    agentWrites: (text: string) => append({ text }),
    close() {
      const message = append({ type: 'close', from: 'system', agentName: null });
      ticket = { ...ticket!, stage: 'closed', closing: CLOSING_WORDS };
      return message;
    },
    /** The ticket as the server has it (what its live `ticket` event carries). */
    ticket: () => ticket!,
  };
}

const identity = (email: string, signature = 'ab') =>
  `${Buffer.from(JSON.stringify({ v: 1, tokenId: 'wpt_x', email, name: 'N', exp: 1 })).toString('base64url')}.${signature}`;

function memoryStorage(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/**
 * One page load of the widget; `live` is its connection, which stays down until the test brings it up. `signed` is
 * what the site's identity route answers (a function when the test changes it while the page is open).
 */
function load(
  desk: ReturnType<typeof fakeDesk>,
  storage: KeyValueStore,
  signed: string | null | (() => string | null) = null,
) {
  let state: WidgetState | null = null;
  const live: { handlers: LiveHandlers | null } = { handlers: null };
  const store = sessionStore(storage, 'wpt_abcdefghijklmnop');
  const widget = new Widget({
    config: {
      server: 'https://desk.example',
      tokenId: 'wpt_abcdefghijklmnop',
      identityUrl: null,
      nonce: null,
      requireConsent: false,
      locale: 'en_US',
    },
    language: 'en',
    t: translator('en'),
    api: desk.api,
    store,
    identity: async () => (typeof signed === 'function' ? signed() : signed),
    connect: () => (handlers) => {
      live.handlers = handlers;
      return { close: () => void (live.handlers = null) };
    },
  });
  widget.attach({ render: (s) => void (state = s), focusLauncher: () => {}, focusComposer: () => {} });
  return {
    widget,
    store,
    live,
    get state(): WidgetState {
      return state!;
    },
    texts: () => state!.items.map((m) => m.text),
  };
}

const until = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

describe('the widget controller', () => {
  afterEach(() => vi.useRealTimers());

  it('asks a guest for name and e-mail, and the guest history survives a reload', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const first = load(desk, storage);
    first.widget.open();
    await until(() => expect(first.state.phase).toBe('guest'));
    first.widget.guest('  ', 'g@example.com');
    expect(first.state.guestError).toEqual({ field: 'name', text: 'Enter your name' });
    first.widget.guest('Gina', 'not-an-email');
    expect(first.state.guestError).toEqual({ field: 'email', text: 'Enter a valid e-mail' });
    first.widget.guestEdited();
    expect(first.state.guestError).toBeNull();
    first.widget.guest('Gina', 'gina@example.com');
    await until(() => expect(first.state.phase).toBe('ready'));
    expect(first.widget.send('Hello')).toBe(true);
    await until(() => expect(first.state.items).toMatchObject([{ text: 'Hello', from: 'visitor', seq: 1 }]));
    expect(first.state.items[0]!.local).toBeUndefined();

    // The next page: the stored guest session is resumed before the panel opens, with its history.
    const second = load(desk, storage);
    await until(() => expect(second.state.phase).toBe('ready'));
    expect(second.texts()).toEqual(['Hello']);
    expect(second.state.visitor).toMatchObject({ email: 'gina@example.com', verified: false });
  });

  it('keeps a verified session for the same user and ends it when they log out', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const first = load(desk, storage, identity('ann@example.com'));
    first.widget.open();
    await until(() => expect(first.state.phase).toBe('ready'));
    const session = first.store.read();
    first.widget.send('I am Ann');
    await until(() => expect(first.texts()).toEqual(['I am Ann']));

    const again = load(desk, storage, identity('ANN@example.com'));
    await until(() => expect(again.state.phase).toBe('ready'));
    expect(again.store.read()).toBe(session);
    expect(again.texts()).toEqual(['I am Ann']);

    // Logged out: the next visitor of this browser sees the guest form, and the session is dead on the server.
    const loggedOut = load(desk, storage, null);
    await until(() => expect(loggedOut.state.phase).toBe('guest'));
    expect(loggedOut.state.items).toEqual([]);
    expect(loggedOut.store.read()).toBeNull();
    expect(desk.ended).toEqual([session]);
  });

  it('replaces the session when another user logs in on the same browser', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const ann = load(desk, storage, identity('ann@example.com'));
    ann.widget.open();
    await until(() => expect(ann.state.phase).toBe('ready'));
    const annSession = ann.store.read();

    const bob = load(desk, storage, identity('bob@example.com'));
    await until(() => expect(bob.state.phase).toBe('ready'));
    expect(bob.store.read()).not.toBe(annSession);
    expect(bob.state.visitor).toMatchObject({ email: 'bob@example.com', verified: true });
    expect(desk.ended).toEqual([annSession]);
  });

  it('continues as the stored guest when the site identity is refused', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const guest = load(desk, storage);
    guest.widget.open();
    await until(() => expect(guest.state.phase).toBe('guest'));
    guest.widget.guest('Gina', 'gina@example.com');
    await until(() => expect(guest.state.phase).toBe('ready'));
    const session = guest.store.read();

    const forged = load(desk, storage, identity('ann@example.com', 'forged'));
    await until(() => expect(forged.state.phase).toBe('ready'));
    expect(forged.store.read()).toBe(session);
    expect(forged.state.visitor?.verified).toBe(false);
    expect(desk.ended).toEqual([]);
  });

  it('polls while the socket is down without skipping a reply older than the visitor own message', async () => {
    vi.useFakeTimers();
    const desk = fakeDesk();
    const page = load(desk, memoryStorage());
    page.widget.open();
    await vi.waitFor(() => expect(page.state.phase).toBe('guest'));
    page.widget.guest('Gina', 'gina@example.com');
    await vi.waitFor(() => expect(page.state.phase).toBe('ready'));

    // The agent answers (seq 1) while the visitor writes (seq 2): the send's answer arrives first.
    desk.agentWrites('How can I help?');
    page.widget.send('Are you there?');
    await vi.waitFor(() => expect(page.texts()).toEqual(['Are you there?']));
    await vi.advanceTimersByTimeAsync(4000);
    expect(page.texts()).toEqual(['How can I help?', 'Are you there?']);
    expect(page.state.unread).toBe(false);

    // The socket comes up: events arrive live and are not shown twice when the next catch-up brings them too.
    page.live.handlers!.up();
    const live = desk.agentWrites('Live now');
    page.live.handlers!.message(live);
    page.live.handlers!.down();
    await vi.advanceTimersByTimeAsync(4000);
    expect(page.texts()).toEqual(['How can I help?', 'Are you there?', 'Live now']);
  });

  it('asks for the rating once the ticket closes and thanks after it', async () => {
    const desk = fakeDesk();
    const page = load(desk, memoryStorage());
    page.widget.open();
    await until(() => expect(page.state.phase).toBe('guest'));
    page.widget.guest('Gina', 'gina@example.com');
    await until(() => expect(page.state.phase).toBe('ready'));
    page.widget.send('Thanks, bye');
    await until(() => expect(page.state.ticket?.stage).toBe('pending'));
    page.live.handlers!.up();
    page.live.handlers!.message(desk.close());
    expect(page.state.ticket).toEqual({ id: 't1', stage: 'closed', rating: null, closing: null });
    // The server's ticket follows the close with the company's words; the close line does not take them back.
    page.live.handlers!.ticket(desk.ticket());
    expect(page.state.ticket?.closing).toEqual(CLOSING_WORDS);
    page.widget.rate(3);
    await until(() => expect(page.state.ticket?.rating).toBe(3));
  });

  it('proves a signed-in visitor again when the server asks, on a reload and mid-conversation, unnoticed', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const first = load(desk, storage, identity('ann@example.com', 'first'));
    first.widget.open();
    await until(() => expect(first.state.phase).toBe('ready'));
    const session = first.store.read()!;
    first.widget.send('I am Ann');
    await until(() => expect(first.texts()).toEqual(['I am Ann']));

    // An hour on, the next page: the site's fresh identity proves her, and it is the same session and history.
    desk.unprove(session);
    let signed = identity('ann@example.com', 'second');
    const again = load(desk, storage, () => signed);
    await until(() => expect(again.state.phase).toBe('ready'));
    expect(again.store.read()).toBe(session);
    expect(again.texts()).toEqual(['I am Ann']);
    expect(desk.proofs).toEqual([signed]);

    // Another hour while she types: the message goes once she is proved again, with no error shown.
    desk.unprove(session);
    signed = identity('ann@example.com', 'third');
    again.widget.open();
    expect(again.widget.send('Still me')).toBe(true);
    await until(() =>
      expect(again.state.items.map((i) => [i.text, i.local])).toEqual([
        ['I am Ann', undefined],
        ['Still me', undefined],
      ]),
    );
    expect(again.state.composerError).toBeNull();
    expect(desk.proofs).toEqual([identity('ann@example.com', 'second'), signed]);
    expect(again.store.read()).toBe(session);
    expect(desk.ended).toEqual([]);
  });

  it('ends a session its user is no longer logged in for, and shows what a new visitor sees', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    let signed: string | null = identity('ann@example.com');
    const page = load(desk, storage, () => signed);
    page.widget.open();
    await until(() => expect(page.state.phase).toBe('ready'));
    const session = page.store.read()!;
    page.widget.send('I am Ann');
    await until(() => expect(page.texts()).toEqual(['I am Ann']));

    // She logged out of WordPress in another tab; this page is still open when the hour is up.
    signed = null;
    desk.unprove(session);
    page.widget.send('Anyone?');
    await until(() => expect(page.state.phase).toBe('guest'));
    expect(page.state.items).toEqual([]);
    expect(page.state.visitor).toBeNull();
    expect(page.store.read()).toBeNull();
    expect(desk.ended).toEqual([session]);
    expect(desk.proofs).toEqual([]);
  });

  it('ends an unproved session when another user is logged in now, and opens theirs', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const ann = load(desk, storage, identity('ann@example.com'));
    ann.widget.open();
    await until(() => expect(ann.state.phase).toBe('ready'));
    const annSession = ann.store.read()!;
    ann.widget.send('I am Ann');
    await until(() => expect(ann.texts()).toEqual(['I am Ann']));

    desk.unprove(annSession);
    const bob = load(desk, storage, identity('bob@example.com'));
    await until(() => expect(bob.state.phase).toBe('ready'));
    expect(bob.state.visitor).toMatchObject({ email: 'bob@example.com', verified: true });
    expect(bob.store.read()).not.toBe(annSession);
    expect(desk.ended).toEqual([annSession]);

    // And when nobody is logged in any more, an unproved session gives way to the guest form.
    const bobSession = bob.store.read()!;
    desk.unprove(bobSession);
    const nobody = load(desk, storage, null);
    nobody.widget.open();
    await until(() => expect(nobody.state.phase).toBe('guest'));
    expect(nobody.store.read()).toBeNull();
    expect(desk.ended).toEqual([annSession, bobSession]);
  });

  it('says the chat is not available here when KreeChat answers the guest form nothing (CORS: not its site)', async () => {
    const desk = fakeDesk();
    // What fetch does with an answer its CORS headers do not grant to this page: no status, no message.
    desk.api.createSession = async () => {
      throw new ApiError(0, 'Failed to fetch');
    };
    const page = load(desk, memoryStorage());
    page.widget.open();
    await until(() => expect(page.state.phase).toBe('guest'));
    page.widget.guest('Gina', 'gina@example.com');
    await until(() =>
      expect(page.state.guestError).toEqual({ field: null, text: 'The chat is not available on this site right now.' }),
    );
    expect(page.store.read()).toBeNull();
  });

  it('forgets an ended session and starts over, showing the guest form', async () => {
    const desk = fakeDesk();
    const storage = memoryStorage();
    const page = load(desk, storage);
    page.widget.open();
    await until(() => expect(page.state.phase).toBe('guest'));
    page.widget.guest('Gina', 'gina@example.com');
    await until(() => expect(page.state.phase).toBe('ready'));
    const session = page.store.read()!;
    desk.sessions.delete(session);
    page.live.handlers!.ended();
    await until(() => expect(page.state.phase).toBe('guest'));
    expect(page.store.read()).toBeNull();
    expect(page.live.handlers).toBeNull();
  });
});
