import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDGET_IDENTITY_CHECK_MESSAGE } from '@kreechat/contract';
import type { Reply } from '../../../test/harness';
import { SITE, startWordpressWorld } from '../../../test/wordpress-world';
import { WIDGET_LIMITS } from './widget.service';

let world: Awaited<ReturnType<typeof startWordpressWorld>> | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const EVIL = 'https://evil.test';
const BLOG = 'https://blog.example.test';
const acao = (reply: Pick<Reply, 'headers'>) => reply.headers['access-control-allow-origin'];

describe('widget CORS', () => {
  it("answers every widget call to the session's own site only, refusals included", async () => {
    world = await startWordpressWorld();
    // A second site (another token): its origin is known to KreeChat, but not this session's.
    const blog = await world.adminClient.post('/generate-wp-token', { tokenName: 'Blog', siteUrl: BLOG });
    expect(blog.status).toBe(201);
    const guest = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const sent = await guest.send('Where is my parcel?');
    expect(sent.status).toBe(200);
    const ticketId: string = sent.body.message.ticketId;
    const messageId: string = sent.body.message.id;
    const form = () => {
      const data = new FormData();
      data.append('clientMessageId', randomUUID());
      data.append('file', new Blob(['hello']), 'a.txt');
      const encoded = new Request('http://localhost', { method: 'POST', body: data });
      return encoded
        .arrayBuffer()
        .then((bytes) => ({ bytes: Buffer.from(bytes), type: encoded.headers.get('content-type')! }));
    };

    /** Every call the widget makes with a session, from `origin`, with `bearer`. */
    const calls = async (origin: string, bearer: string | undefined) => {
      const client = world!.t.client();
      const headers = { origin, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
      const upload = await form();
      return {
        session: await client.get('/widget/session', headers),
        messages: await client.get('/widget/messages', headers),
        send: await client.post('/widget/messages', { text: 'x', clientMessageId: randomUUID() }, headers),
        file: await client.request('POST', '/widget/files', upload.bytes, { ...headers, 'content-type': upload.type }),
        department: await client.post('/widget/department', { departmentId: randomUUID() }, headers),
        rating: await client.post('/widget/rating', { ticketId, rating: 3 }, headers),
        download: await client.get(`/widget/files/${messageId}`, headers),
        prove: await client.post('/widget/session/identity', { identity: 'x.y' }, headers),
        end: await client.post('/widget/end', {}, headers),
      };
    };

    // A foreign page holding a stolen bearer can read none of it, not even the refusal.
    for (const [name, reply] of Object.entries(await calls(EVIL, guest.session))) {
      expect(reply.status, name).toBe(403);
      expect(acao(reply), name).toBeUndefined();
    }
    // Nor another site of KreeChat's.
    for (const [name, reply] of Object.entries(await calls(BLOG, guest.session))) {
      expect(reply.status, name).toBe(403);
      expect(acao(reply), name).toBeUndefined();
    }
    // A session that is gone: its own site must learn so (the widget starts over); a foreign page learns nothing.
    for (const [name, reply] of Object.entries(await calls(SITE, 'x'.repeat(43)))) {
      expect(reply.status, name).toBe(401);
      expect(acao(reply), name).toBe(SITE);
    }
    for (const [name, reply] of Object.entries(await calls(EVIL, 'x'.repeat(43)))) {
      expect(reply.status, name).toBe(401);
      expect(acao(reply), name).toBeUndefined();
    }
    // The site itself reads every answer, a refusal (a department not found, a bad identity) as much as a success.
    const own = await calls(SITE, guest.session);
    for (const [name, reply] of Object.entries(own)) {
      expect(acao(reply), name).toBe(SITE);
      expect(reply.headers['vary'], name).toContain('Origin');
    }
    expect(own.messages.status).toBe(200);
    expect(own.department.status).toBe(404);
    expect(own.prove.status).toBe(401);
    expect(own.end.status).toBe(204);
    expect(own.messages.headers['access-control-expose-headers']).toBe('Retry-After');
  });

  it("answers POST /widget/sessions to the token's site only, and an unknown token to nobody", async () => {
    world = await startWordpressWorld();
    await world.adminClient.post('/generate-wp-token', { tokenName: 'Blog', siteUrl: BLOG });
    const post = (body: object, origin: string) => world!.t.client().post('/widget/sessions', body, { origin });
    const guest = { name: 'Gus', email: 'gus@example.test' };

    const made = await post({ tokenId: world.tokenId, guest }, SITE);
    expect(made.status).toBe(201);
    expect(acao(made)).toBe(SITE);
    // The widget shows a refused signature, and the server's word on the guest form: its site reads them.
    const forged = await post({ tokenId: world.tokenId, identity: `${'a'.repeat(20)}.${'0'.repeat(64)}` }, SITE);
    expect(forged.status).toBe(401);
    expect(acao(forged)).toBe(SITE);
    const badEmail = await post({ tokenId: world.tokenId, guest: { name: 'Gus', email: 'not-one' } }, SITE);
    expect(badEmail.status).toBe(400);
    expect(acao(badEmail)).toBe(SITE);

    for (const origin of [EVIL, BLOG]) {
      const foreign = await post({ tokenId: world.tokenId, guest }, origin);
      expect(foreign.status, origin).toBe(403);
      expect(acao(foreign), origin).toBeUndefined();
    }
    const unknown = await post({ tokenId: 'wpt_AAAAAAAAAAAAAAAAAAAAAA', guest }, SITE);
    expect(unknown.status).toBe(401);
    expect(acao(unknown)).toBeUndefined();
    const noToken = await post({ guest }, SITE);
    expect(noToken.status).toBe(400);
    expect(acao(noToken)).toBeUndefined();
  });

  it('lets the site read a 429 and its Retry-After, and a foreign page neither', async () => {
    world = await startWordpressWorld();
    const guest = { name: 'Gus', email: 'gus@example.test' };
    const client = world.t.client({ from: '203.0.113.9' });
    for (let i = 0; i < WIDGET_LIMITS.sessionsPerAddress.max; i++) {
      await client.post('/widget/sessions', { tokenId: world.tokenId, guest }, { origin: SITE });
    }
    const limited = await client.post('/widget/sessions', { tokenId: world.tokenId, guest }, { origin: SITE });
    expect(limited.status).toBe(429);
    expect(acao(limited)).toBe(SITE);
    expect(limited.headers['retry-after']).toBeDefined();
    const foreign = await client.post('/widget/sessions', { tokenId: world.tokenId, guest }, { origin: EVIL });
    expect(foreign.status).toBe(429);
    expect(acao(foreign)).toBeUndefined();
  });

  it("lets the site read the hourly identity check's refusal", async () => {
    world = await startWordpressWorld();
    const wendy = await world.visitor({ identity: world.identity('wendy@example.test') });
    world.t.clock.advance(61 * 60_000);
    const stale = await wendy.get('/widget/messages');
    expect(stale).toMatchObject({ status: 401, body: { message: WIDGET_IDENTITY_CHECK_MESSAGE } });
    expect(acao(stale)).toBe(SITE);
  });

  it('answers preflights to sites KreeChat knows only; the scripts to anyone', async () => {
    world = await startWordpressWorld();
    const preflight = (origin: string) =>
      world!.t.app.inject({
        method: 'OPTIONS',
        url: '/api/widget/messages',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const own = await preflight(SITE);
    expect(own.statusCode).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe(SITE);
    expect(own.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    const foreign = await preflight(EVIL);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    for (const name of ['widget.js', 'widget-app.js']) {
      const script = await world.t.client().get(`/widget/${name}`, { origin: EVIL });
      expect(acao(script), name).toBe('*');
    }
  });
});
