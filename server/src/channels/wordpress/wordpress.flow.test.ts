import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, tickets, widgetSessions, wordpressTokens } from '../../db/schema';
import { eventually, seedCompany } from '../../../test/harness';
import { connectWidget, SITE, startWordpressWorld, type Visitor } from '../../../test/wordpress-world';
import { WIDGET_LIMITS } from './widget.service';

let world: Awaited<ReturnType<typeof startWordpressWorld>> | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const ticketOf = async (ticketId: string) =>
  (await world!.t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;

/** The visitor's first message; the ticket it made. */
async function firstMessage(visitor: Visitor, text = 'Where is my order?') {
  const sent = await visitor.send(text);
  expect(sent.status).toBe(200);
  expect(sent.body.status).toBe('appended');
  return sent.body.message as { id: string; ticketId: string; text: string; from: string };
}

describe('WordPress tokens (admins)', () => {
  it('generates a token shown once, lists it without its secret, and keeps the secret sealed', async () => {
    world = await startWordpressWorld();
    const { adminClient, tokenId, secret, token } = world;
    expect(token).toMatch(/^wpt_[A-Za-z0-9_-]{16,40}\.[A-Za-z0-9_-]{43}$/);
    const listed = await adminClient.get('/get-wordpress-tokens');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        token_name: 'Shop',
        token_id: tokenId,
        created_by_name: 'Ada Admin',
        created_at: expect.any(String),
        site_origin: SITE,
        last_seen_at: null,
        active_sessions: 0,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const [stored] = await world.t.database.db.select().from(wordpressTokens);
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.secret).toMatch(/^kc1:/);
  });

  it('refuses an empty name and an address that is not one, with the SPEC messages', async () => {
    world = await startWordpressWorld();
    const { adminClient } = world;
    const empty = await adminClient.post('/generate-wp-token', { tokenName: '  ', siteUrl: SITE });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Invalid token name!' } });
    const bad = await adminClient.post('/generate-wp-token', { tokenName: 'Blog', siteUrl: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/site address/);
    // A bare host gets https, a path is dropped: the origin is what the widget is checked against.
    const bare = await adminClient.post('/generate-wp-token', { tokenName: 'Blog', siteUrl: 'Blog.Example.test/news' });
    expect(bare.body.site_origin).toBe('https://blog.example.test');
  });

  it('lets only admins of the company see, make and delete tokens', async () => {
    world = await startWordpressWorld();
    const { adminClient, addAgent, tokenId, t } = world;
    const agent = await addAgent();
    expect((await agent.client.get('/get-wordpress-tokens')).status).toBe(403);
    expect((await agent.client.post('/generate-wp-token', { tokenName: 'x', siteUrl: SITE })).status).toBe(403);
    expect((await t.client().get('/get-wordpress-tokens')).status).toBe(401);
    const other = await seedCompany(t, { name: 'Other Co' });
    expect((await other.adminClient.get('/get-wordpress-tokens')).body).toEqual([]);
    const createdAt = (await adminClient.get('/get-wordpress-tokens')).body[0].created_at;
    const foreign = await other.adminClient.del(`/delete-wordpress-token/${tokenId}/${encodeURIComponent(createdAt)}`);
    expect(foreign).toMatchObject({ status: 404, body: { message: '⚠️ Invalid token!' } });
    const stale = await adminClient.del(
      `/delete-wordpress-token/${tokenId}/${encodeURIComponent('2020-01-01T00:00:00.000Z')}`,
    );
    expect(stale.status).toBe(404);
    expect((await adminClient.get('/get-wordpress-tokens')).body).toHaveLength(1);
  });

  it('serves the plugin as a zip WordPress can upload: one kreechat/ folder, no tests', async () => {
    world = await startWordpressWorld();
    const zip = await world.t.app.inject({
      method: 'GET',
      url: '/api/wordpress/plugin.zip',
      headers: { cookie: `kc_session=${world.adminClient.cookie('kc_session')}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(files).toContain('kreechat/kreechat.php');
    expect(files.every((f) => f.startsWith('kreechat/'))).toBe(true);
    expect(files.some((f) => f.includes('/tests/'))).toBe(false);
    const agent = await world.addAgent();
    expect((await agent.client.get('/wordpress/plugin.zip')).status).toBe(403);
  });
});

describe('widget sessions', () => {
  it('accepts a guest from the site, and refuses another origin, an unknown token and no origin', async () => {
    world = await startWordpressWorld();
    const guest = await world.visitor({ guest: { name: 'Gus Guest', email: 'Gus@Example.test' } });
    expect(guest.created.status).toBe(201);
    expect(guest.created.body).toMatchObject({
      visitor: { name: 'Gus Guest', email: 'gus@example.test', verified: false },
      language: 'en',
      departments: [],
    });
    expect(guest.created.headers['access-control-allow-origin']).toBe(SITE);
    const foreign = await world.visitor(
      { guest: { name: 'Eve', email: 'eve@example.test' } },
      { origin: 'https://evil.test' },
    );
    expect(foreign.created.status).toBe(403);
    const unknown = await world.t
      .client()
      .post(
        '/widget/sessions',
        { tokenId: 'wpt_AAAAAAAAAAAAAAAAAAAAAA', guest: { name: 'x', email: 'x@example.test' } },
        { origin: SITE },
      );
    expect(unknown.status).toBe(401);
    const noOrigin = await world.t.client().post('/widget/sessions', {
      tokenId: world.tokenId,
      guest: { name: 'x', email: 'x@example.test' },
    });
    expect(noOrigin.status).toBe(403);
    // The session works from the site only: the same bearer from another page is refused.
    const stolen = await world.t.client().get('/widget/messages', {
      origin: 'https://evil.test',
      authorization: `Bearer ${guest.session}`,
    });
    expect(stolen.status).toBe(403);
  });

  it('verifies a signed identity, and refuses a forged, expired, too long-lived or other-token one', async () => {
    world = await startWordpressWorld();
    const now = Math.floor(world.t.clock.now().getTime() / 1000);
    const ok = await world.visitor({ identity: world.identity('Wendy@Example.test', 'Wendy Reader') });
    expect(ok.created.body.visitor).toEqual({ name: 'Wendy Reader', email: 'wendy@example.test', verified: true });
    const [payload] = world.identity('wendy@example.test').split('.');
    const forged = `${payload}.${'0'.repeat(64)}`;
    const tampered = `${Buffer.from(JSON.stringify({ v: 1, tokenId: world.tokenId, email: 'boss@example.test', name: 'B', exp: now + 600 })).toString('base64url')}.${world.identity('wendy@example.test').split('.')[1]}`;
    for (const identity of [
      forged,
      tampered,
      world.identity('wendy@example.test', 'W', now - 120),
      world.identity('wendy@example.test', 'W', now + 3600),
      'not-an-identity',
    ]) {
      const refused = await world.visitor({ identity });
      expect(refused.created.status, identity).toBe(401);
    }
    const { signIdentity } = await import('../../../test/wordpress-world');
    const otherToken = signIdentity(world.secret, {
      tokenId: 'wpt_BBBBBBBBBBBBBBBBBBBBBB',
      email: 'wendy@example.test',
      name: 'W',
      exp: now + 600,
    });
    expect((await world.visitor({ identity: otherToken })).created.status).toBe(401);
  });

  it('ends every session of a revoked token at once, live ones too', async () => {
    world = await startWordpressWorld({ listen: true });
    const guest = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    await firstMessage(guest);
    const live = await connectWidget(world.t.baseUrl, guest.session!);
    expect(live.error).toBeUndefined();
    const createdAt = (await world.adminClient.get('/get-wordpress-tokens')).body[0].created_at;
    const deleted = await world.adminClient.del(
      `/delete-wordpress-token/${world.tokenId}/${encodeURIComponent(createdAt)}`,
    );
    expect(deleted.status).toBe(200);
    await eventually(() => live.heard.some((h) => h.event === 'ended') || undefined);
    await eventually(() => live.socket.disconnected || undefined);
    expect((await guest.get('/widget/messages')).status).toBe(401);
    expect(await world.t.database.db.select().from(widgetSessions)).toEqual([]);
    expect((await connectWidget(world.t.baseUrl, guest.session!)).error).toBe('unauthorized');
    live.close();
  });

  it('refuses a live connection from another origin or without a session', async () => {
    world = await startWordpressWorld({ listen: true });
    const guest = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    expect((await connectWidget(world.t.baseUrl, guest.session!, 'https://evil.test')).error).toBe('forbidden origin');
    expect((await connectWidget(world.t.baseUrl, 'x'.repeat(43))).error).toBe('unauthorized');
  });
});

describe('a visitor and an agent', () => {
  it('a signed-in visitor writes, the agent accepts and replies live, closes; the visitor rates and writes again', async () => {
    world = await startWordpressWorld({ listen: true });
    const { addAgent, department } = world;
    const agent = await addAgent({ departmentId: department.id });
    const visitor = await world.visitor({ identity: world.identity('wendy@example.test') }, { language: 'ru' });
    const live = await connectWidget(world.t.baseUrl, visitor.session!);
    const first = await firstMessage(visitor);
    expect(first).toMatchObject({ from: 'visitor', text: 'Where is my order?' });
    const ticket = await ticketOf(first.ticketId);
    expect(ticket).toMatchObject({ platform: 'wordpress', channelRef: world.tokenId, stage: 'pending' });
    const open = await agent.client.get('/tickets');
    expect(JSON.stringify(open.body)).toContain(first.ticketId);

    expect((await agent.client.post('/acceptTicket', { ticketid: first.ticketId })).status).toBe(200);
    const reply = await world.reply(agent.client, first.ticketId, 'It ships today');
    const heard = await live.waitFor('message', (m) => m.id === reply.messageid);
    expect(heard).toMatchObject({ from: 'agent', agentName: 'Bob', text: 'It ships today' });
    await eventually(async () => {
      const [row] = await world!.t.database.db.select().from(messages).where(eq(messages.id, reply.messageid));
      return row?.deliveryStatus === 'sent' || undefined;
    });

    expect((await agent.client.post('/close-ticket', { ticketid: first.ticketId })).status).toBe(200);
    const closed = await live.waitFor('ticket', (tk) => tk.stage === 'closed');
    // The company's closing words in the visitor's language (the built-in ones here), for the widget to draw.
    expect(closed).toEqual({
      id: first.ticketId,
      stage: 'closed',
      rating: null,
      closing: {
        text: 'Ваше обращение закрыто.',
        ratingQuestion: 'Как вы оцените нашу поддержку?',
        ratingThanks: 'Спасибо за вашу оценку!',
      },
    });
    const notice = await live.waitFor('notice', (n) => n.kind === 'closed');
    expect(notice.text).toMatch(/закрыт/);

    expect((await visitor.post('/widget/rating', { ticketId: first.ticketId, rating: 3 })).status).toBe(204);
    expect((await ticketOf(first.ticketId)).rating).toBe(3);
    await live.waitFor('notice', (n) => n.kind === 'ratingThanks');
    // Rated once: a second rating changes nothing.
    await visitor.post('/widget/rating', { ticketId: first.ticketId, rating: 1 });
    expect((await ticketOf(first.ticketId)).rating).toBe(3);

    const again = await firstMessage(visitor, 'One more thing');
    expect(again.ticketId).toBe(first.ticketId);
    expect((await ticketOf(first.ticketId)).stage).toBe('pending');
    const history = await visitor.messages();
    expect(history.messages.map((m: { type: string; from: string }) => `${m.from}:${m.type}`)).toEqual([
      'visitor:text',
      'agent:text',
      'system:close',
      'system:rating',
      'system:reopen',
      'visitor:text',
    ]);
    expect(history.ticket).toMatchObject({ id: first.ticketId, stage: 'pending', closing: null });
    live.close();
  });

  it("the widget gets the company's own closing words, filled in, and no rating question when it is switched off", async () => {
    world = await startWordpressWorld({ listen: true });
    const { addAgent, adminClient } = world;
    const agent = await addAgent();
    const put = (kind: string, body: { enabled: boolean; texts: Record<string, string> }) =>
      adminClient.put(`/automatic-messages/${kind}`, body);
    expect(
      (await put('closing', { enabled: true, texts: { en: 'Bye {client_name}, #{ticket_number} is done.' } })).status,
    ).toBe(200);
    expect((await put('ratingThanks', { enabled: true, texts: { en: 'Much obliged!' } })).status).toBe(200);
    expect((await put('ratingQuestion', { enabled: false, texts: {} })).status).toBe(200);

    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const live = await connectWidget(world.t.baseUrl, visitor.session!);
    const first = await firstMessage(visitor);
    expect((await agent.client.post('/acceptTicket', { ticketid: first.ticketId })).status).toBe(200);
    expect((await agent.client.post('/close-ticket', { ticketid: first.ticketId })).status).toBe(200);
    const words = {
      text: `Bye Gus, #${first.ticketId.slice(0, 8)} is done.`,
      ratingQuestion: null,
      ratingThanks: 'Much obliged!',
    };
    expect((await live.waitFor('ticket', (tk) => tk.stage === 'closed')).closing).toEqual(words);
    // After a reload the widget reads the same words with the conversation.
    expect((await visitor.messages()).ticket).toEqual({
      id: first.ticketId,
      stage: 'closed',
      rating: null,
      closing: words,
    });
    live.close();
  });

  it('a retried send is stored once, and the polling page brings what came after a seq', async () => {
    world = await startWordpressWorld();
    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const clientMessageId = randomUUID();
    const a = await visitor.post('/widget/messages', { text: 'once', clientMessageId });
    const b = await visitor.post('/widget/messages', { text: 'once', clientMessageId });
    expect(b.body.message.id).toBe(a.body.message.id);
    const all = await visitor.messages();
    expect(all.messages).toHaveLength(1);
    await visitor.send('twice');
    const after = await visitor.messages(`?after=${a.body.message.seq}`);
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['twice']);
  });

  it('a guest who types a signed-in visitor’s e-mail sees none of their history', async () => {
    world = await startWordpressWorld();
    const wendy = await world.visitor({ identity: world.identity('wendy@example.test') });
    await firstMessage(wendy, 'my address is 1 Secret Lane');
    const impostor = await world.visitor({ guest: { name: 'Wendy', email: 'wendy@example.test' } });
    const seen = await impostor.messages();
    expect(seen.messages).toEqual([]);
    expect(seen.ticket).toBeNull();
    // Nor the files of it, by id.
    const wendyMessage = (await wendy.messages()).messages[0];
    expect((await impostor.get(`/widget/files/${wendyMessage.id}`)).status).toBe(404);
    // The signed-in visitor comes back on another device: same identity, same history.
    const again = await world.visitor({ identity: world.identity('wendy@example.test') });
    expect((await again.messages()).messages).toHaveLength(1);
  });

  it('asks for a department when there are several; a first message names one or waits for the choice', async () => {
    world = await startWordpressWorld();
    const billing = await world.t.services.departments.create(world.company.id, 'Billing');
    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    expect(visitor.created.body.departments.map((d: { name: string }) => d.name)).toEqual(['General', 'Billing']);
    const held = await visitor.send('which one?');
    expect(held.body).toEqual({ status: 'held', message: null });
    expect((await visitor.messages()).held).toEqual([{ text: 'which one?', createdAt: expect.any(String) }]);
    expect((await visitor.post('/widget/department', { departmentId: billing.id })).status).toBe(204);
    const after = await visitor.messages();
    expect(after.held).toEqual([]);
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['which one?']);
    const ticket = await ticketOf(after.messages[0].ticketId);
    expect(ticket.departmentId).toBe(billing.id);

    const direct = await world.visitor({ guest: { name: 'Di', email: 'di@example.test' } });
    const sent = await direct.send('billing please', { departmentId: billing.id });
    expect(sent.body.status).toBe('appended');
    expect((await ticketOf(sent.body.message.ticketId)).departmentId).toBe(billing.id);
  });

  it('files go both ways, each only to its own conversation', async () => {
    world = await startWordpressWorld();
    const agent = await world.addAgent();
    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.set('clientMessageId', randomUUID());
    form.set('caption', 'the box');
    form.set('file', new Blob([png], { type: 'image/png' }), 'box.png');
    const up = await visitor.postForm('/widget/files', form);
    expect(up.status).toBe(200);
    expect(up.body.message).toMatchObject({ type: 'image', text: 'the box', file: { name: 'box.png', kind: 'image' } });
    const ticketid = up.body.message.ticketId;
    await agent.client.post('/acceptTicket', { ticketid });
    const agentForm = new FormData();
    agentForm.set('ticketid', ticketid);
    agentForm.set('file', new Blob([Buffer.from('%PDF-1.4\n%\n')], { type: 'application/pdf' }), 'invoice.pdf');
    const sent = await agent.client.postForm('/send-file', agentForm);
    expect(sent.status).toBe(200);
    const history = await visitor.messages();
    const invoice = history.messages.find((m: { file: { name: string } | null }) => m.file?.name === 'invoice.pdf');
    expect(invoice).toMatchObject({ from: 'agent', file: { kind: 'document' } });
    const download = await visitor.get(invoice.file.url.replace('/api', ''));
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const other = await world.visitor({ guest: { name: 'Eve', email: 'eve@example.test' } });
    expect((await other.get(invoice.file.url.replace('/api', ''))).status).toBe(404);
  });

  it('limits one visitor’s sends per minute', async () => {
    world = await startWordpressWorld();
    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const statuses: number[] = [];
    for (let i = 0; i <= WIDGET_LIMITS.sendsPerSession.max; i++) statuses.push((await visitor.send(`m${i}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(WIDGET_LIMITS.sendsPerSession.max);
    const refused = await visitor.send('one too many');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a blocked visitor cannot write', async () => {
    world = await startWordpressWorld();
    const visitor = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const first = await firstMessage(visitor);
    const ticket = await ticketOf(first.ticketId);
    await world.t.services.clients.toggleBlocked(world.company.id, ticket.clientId);
    expect((await visitor.send('hello?')).status).toBe(403);
  });
});

describe('SPEC §7 WordPress calls (agents)', () => {
  it('accept, history, send by headers, file and close name the ticket by site token and e-mail', async () => {
    world = await startWordpressWorld();
    const agent = await world.addAgent();
    const visitor = await world.visitor({ identity: world.identity('wendy@example.test') });
    const first = await firstMessage(visitor);
    const named = { companyWordpressToken: world.tokenId, clientEmail: 'Wendy@example.test' };
    const accepted = await agent.client.post('/accept-wordpress-ticket', {
      company_wordpress_token: world.tokenId,
      companyid: world.company.id,
      client_email: 'wendy@example.test',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.ticket.ticketid).toBe(first.ticketId);
    const sent = await agent.client.post(
      '/send-message-to-wordpress',
      { content: 'hello from the agent' },
      { 'x-client-email': 'wendy@example.test', 'x-company-wordpress-token': world.tokenId },
    );
    expect(sent.status).toBe(200);
    const form = new FormData();
    form.set('companyWordpressToken', world.tokenId);
    form.set('clientEmail', 'wendy@example.test');
    form.set('file', new Blob([Buffer.from('plain text file')], { type: 'text/plain' }), 'notes.txt');
    expect((await agent.client.postForm('/send-wordpress-file-to-plugin', form)).status).toBe(200);
    const history = await agent.client.get(
      `/get-kreechat-wordpress-messages?companyWordpressToken=${named.companyWordpressToken}&clientEmail=${named.clientEmail}`,
    );
    expect(history.status).toBe(200);
    const texts = history.body.sections.flatMap((s: { messages: { content: string }[] }) =>
      s.messages.map((m) => m.content),
    );
    expect(texts).toEqual(expect.arrayContaining(['Where is my order?', 'hello from the agent']));
    expect((await agent.client.post('/close-wordpress-ticket', named)).status).toBe(200);
    expect((await ticketOf(first.ticketId)).stage).toBe('closed');
  });

  it('another company’s agent gets 404, never the ticket', async () => {
    world = await startWordpressWorld();
    const visitor = await world.visitor({ identity: world.identity('wendy@example.test') });
    await firstMessage(visitor);
    const other = await seedCompany(world.t, { name: 'Other Co' });
    const body = {
      company_wordpress_token: world.tokenId,
      companyid: world.company.id,
      client_email: 'wendy@example.test',
    };
    expect((await other.adminClient.post('/accept-wordpress-ticket', body)).status).toBe(404);
    const named = { companyWordpressToken: world.tokenId, clientEmail: 'wendy@example.test' };
    expect((await other.adminClient.post('/close-wordpress-ticket', named)).status).toBe(404);
    const history = await other.adminClient.get(
      `/get-kreechat-wordpress-messages?companyWordpressToken=${world.tokenId}&clientEmail=wendy@example.test`,
    );
    expect(history.status).toBe(404);
    const sent = await other.adminClient.post(
      '/send-message-to-wordpress',
      { content: 'x' },
      { 'x-client-email': 'wendy@example.test', 'x-company-wordpress-token': world.tokenId },
    );
    expect(sent.status).toBe(404);
    expect((await world.t.client().post('/accept-wordpress-ticket', body)).status).toBe(401);
  });
});
