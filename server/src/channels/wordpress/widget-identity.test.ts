import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDGET_IDENTITY_CHECK_MESSAGE } from '@kreechat/contract';
import { usedIdentities, widgetSessions } from '../../db/schema';
import { sha256 } from '../../platform/crypto';
import { signIdentity, startWordpressWorld } from '../../../test/wordpress-world';
import { WIDGET_ERRORS } from './widget.service';

let world: Awaited<ReturnType<typeof startWordpressWorld>> | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const MINUTE = 60_000;

describe('a signed identity is good for one session', () => {
  it('refuses the same signed identity twice, and takes two signatures of the same user', async () => {
    world = await startWordpressWorld();
    const signed = world.identity('wendy@example.test');
    const first = await world.visitor({ identity: signed });
    expect(first.created.status).toBe(201);
    const replayed = await world.visitor({ identity: signed });
    expect(replayed.created).toMatchObject({ status: 401, body: { message: WIDGET_ERRORS.identity } });
    // The plugin signs a new nonce on every page load: the same user, the same second, both fine.
    const again = await world.visitor({ identity: world.identity('wendy@example.test') });
    expect(again.created.status).toBe(201);
    expect(again.created.body.visitor).toEqual({ name: 'Wendy Reader', email: 'wendy@example.test', verified: true });
    // The replayed call made no session: two sessions, and the first still works.
    expect(await world.t.database.db.select().from(widgetSessions)).toHaveLength(2);
    expect((await first.get('/widget/messages')).status).toBe(200);
  });

  it("takes an older plugin's identity (no nonce) once too: its signature tells it apart", async () => {
    world = await startWordpressWorld();
    const exp = Math.floor(world.t.clock.now().getTime() / 1000) + 600;
    const old = signIdentity(world.secret, { tokenId: world.tokenId, email: 'olga@example.test', name: 'Olga', exp });
    expect((await world.visitor({ identity: old })).created.status).toBe(201);
    expect((await world.visitor({ identity: old })).created.status).toBe(401);
  });

  it('lets one of two simultaneous uses of a signed identity through', async () => {
    world = await startWordpressWorld();
    const signed = world.identity('wendy@example.test');
    const both = await Promise.all([world.visitor({ identity: signed }), world.visitor({ identity: signed })]);
    expect(both.map((v) => v.created.status).sort()).toEqual([201, 401]);
  });

  it('remembers a used identity until it could no longer be accepted, then forgets it', async () => {
    world = await startWordpressWorld();
    const { db } = world.t.database;
    const exp = Math.floor(world.t.clock.now().getTime() / 1000) + 600;
    const signed = world.identity('wendy@example.test', 'Wendy', exp);
    expect((await world.visitor({ identity: signed })).created.status).toBe(201);
    const [row] = await db
      .select()
      .from(usedIdentities)
      .where(eq(usedIdentities.id, sha256(signed)));
    // The verifier allows a minute of clock skew past `exp`: the row outlives that minute.
    expect(row!.expiresAt).toEqual(new Date((exp + 60) * 1000));

    world.t.clock.advance(12 * MINUTE);
    expect((await world.visitor({ identity: signed })).created.status).toBe(401);
    // The next session made sweeps the expired row away; a fresh identity's row stays.
    const fresh = world.identity('wendy@example.test');
    expect((await world.visitor({ identity: fresh })).created.status).toBe(201);
    expect((await db.select().from(usedIdentities)).map((r) => r.id)).toEqual([sha256(fresh)]);
  });
});

describe('a signed-in session is proved again after an hour', () => {
  it('refuses a verified session after an hour until the site proves the same e-mail again; guests go on', async () => {
    world = await startWordpressWorld();
    const wendy = await world.visitor({ identity: world.identity('wendy@example.test') });
    const guest = await world.visitor({ guest: { name: 'Gus', email: 'gus@example.test' } });
    const stored = async () =>
      (await world!.t.database.db.select().from(widgetSessions).where(eq(widgetSessions.verified, true)))[0]!;
    expect((await stored()).identityCheckedAt).toEqual(world.t.clock.now());

    world.t.clock.advance(59 * MINUTE);
    expect((await wendy.get('/widget/messages')).status).toBe(200);
    world.t.clock.advance(2 * MINUTE);
    const stale = { status: 401, body: { message: WIDGET_IDENTITY_CHECK_MESSAGE } };
    expect(await wendy.get('/widget/messages')).toMatchObject(stale);
    expect(await wendy.get('/widget/session')).toMatchObject(stale);
    expect(await wendy.send('still me?')).toMatchObject(stale);
    // A guest has nothing the site could prove: the hour does not apply.
    expect((await guest.get('/widget/messages')).status).toBe(200);
    expect((await guest.send('hello')).status).toBe(200);

    // Someone else logged in on the site: refused, and the session stays unproved.
    const refused = { status: 401, body: { message: WIDGET_ERRORS.identity } };
    expect(
      await wendy.post('/widget/session/identity', { identity: world.identity('bob@example.test') }),
    ).toMatchObject(refused);
    expect(await wendy.get('/widget/messages')).toMatchObject(stale);
    // A forged one, or a guest trying to prove anything, too.
    const [payload] = world.identity('wendy@example.test').split('.');
    expect(await wendy.post('/widget/session/identity', { identity: `${payload}.${'0'.repeat(64)}` })).toMatchObject(
      refused,
    );
    expect(
      await guest.post('/widget/session/identity', { identity: world.identity('gus@example.test') }),
    ).toMatchObject(refused);

    // The same user, freshly signed: the session goes on where it was.
    const proof = world.identity('Wendy@Example.test');
    const proved = await wendy.post('/widget/session/identity', { identity: proof });
    expect(proved).toMatchObject({
      status: 200,
      body: { visitor: { name: 'Wendy Reader', email: 'wendy@example.test', verified: true }, language: 'en' },
    });
    expect((await wendy.get('/widget/messages')).status).toBe(200);
    expect((await stored()).identityCheckedAt).toEqual(world.t.clock.now());
    // A proof is a signed identity like any other: good once.
    expect(await wendy.post('/widget/session/identity', { identity: proof })).toMatchObject(refused);

    world.t.clock.advance(61 * MINUTE);
    expect(await wendy.get('/widget/messages')).toMatchObject(stale);
    // Ending needs no proof: a visitor who logged out can still end what they leave behind.
    expect((await wendy.post('/widget/end')).status).toBe(204);
    expect((await wendy.get('/widget/messages')).status).toBe(401);
  });

  it('asks sessions from before the check (no time recorded) to prove themselves at once', async () => {
    world = await startWordpressWorld();
    const wendy = await world.visitor({ identity: world.identity('wendy@example.test') });
    await world.t.database.db.update(widgetSessions).set({ identityCheckedAt: null });
    expect(await wendy.get('/widget/messages')).toMatchObject({
      status: 401,
      body: { message: WIDGET_IDENTITY_CHECK_MESSAGE },
    });
    const proved = await wendy.post('/widget/session/identity', { identity: world.identity('wendy@example.test') });
    expect(proved.status).toBe(200);
    expect((await wendy.get('/widget/messages')).status).toBe(200);
  });

  it('proves a session from its own site only', async () => {
    world = await startWordpressWorld();
    const wendy = await world.visitor({ identity: world.identity('wendy@example.test') });
    world.t.clock.advance(61 * MINUTE);
    const foreign = await world.t
      .client()
      .post(
        '/widget/session/identity',
        { identity: world.identity('wendy@example.test') },
        { origin: 'https://evil.test', authorization: `Bearer ${wendy.session}` },
      );
    expect(foreign.status).toBe(403);
    expect(await wendy.get('/widget/messages')).toMatchObject({ status: 401 });
  });
});
