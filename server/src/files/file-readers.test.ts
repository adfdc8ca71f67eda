import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketWithChat } from '../../test/chat-world';
import { seedCompany, startTestApp, type TestApp, type TestClient } from '../../test/harness';

/**
 * A stored file is read by exactly who reads what refers to it: a chat's file and its thumbnail by who sees the
 * ticket (SPEC §4), an agent's photo by the whole company, a file nothing refers to by nobody — and every refusal
 * is the 404 of a missing file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const fetchFile = (client: TestClient, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: `kc_session=${client.cookie('kc_session') ?? ''}` } });

const statusOf = async (client: TestClient, url: string) => (await fetchFile(client, url)).statusCode;

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Acme with General and Billing; a General agent handles a General ticket and sends an image in it. */
async function world() {
  const home = await seedCompany(t);
  // The ticket first: with two departments, intake would ask the client to choose one.
  const { ticketId } = await ticketWithChat(t, home.company.id, ['Here is my invoice']);
  const billing = await t.services.departments.create(home.company.id, 'Billing');
  const handler = await home.addAgent({ firstName: 'Gina' });
  const colleague = await home.addAgent({ firstName: 'Gus' });
  const biller = await home.addAgent({ departmentId: billing.id, firstName: 'Bill' });
  expect((await handler.client.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
  const form = new FormData();
  form.append('ticketid', ticketId);
  form.append('ticketPlatform', 'telegram');
  form.append('file', new Blob([await png()]), 'screen.png');
  const sent = await handler.client.postForm('/send-file', form);
  expect(sent.status).toBe(200);
  const { imageUrl, thumbnailUrl } = sent.body.message as { imageUrl: string; thumbnailUrl: string };
  expect(thumbnailUrl).toMatch(/\.thumb\.webp$/);
  return { home, billing, handler, colleague, biller, ticketId, urls: [imageUrl, thumbnailUrl] };
}

describe('who reads a file', () => {
  it("follows its ticket: the department, the admin and a moderator read it; another department's agent does not", async () => {
    const { home, billing, colleague, biller, ticketId, urls } = await world();
    const moderator = await home.addAgent({ role: 'moderator', departmentId: billing.id });
    // The same answer the ticket itself gives.
    expect((await biller.client.get(`/${ticketId}/0/chat`)).status).toBe(404);
    for (const url of urls) {
      expect(await statusOf(biller.client, url)).toBe(404);
      expect(await statusOf(colleague.client, url)).toBe(200);
      expect(await statusOf(home.adminClient, url)).toBe(200);
      expect(await statusOf(moderator.client, url)).toBe(200);
    }
  });

  it('is no one of another company, and no one without a session', async () => {
    const { urls } = await world();
    const other = await seedCompany(t, { name: 'Other Co' });
    for (const url of urls) {
      expect(await statusOf(other.adminClient, url)).toBe(404);
      expect((await fetchFile(t.client(), url)).statusCode).toBe(401);
    }
  });

  it('takes in the handler from another department once the ticket is handed to them', async () => {
    const { billing, handler, biller, ticketId, urls } = await world();
    for (const url of urls) expect(await statusOf(biller.client, url)).toBe(404);
    const moved = await handler.client.post('/ticket/reassign-user', {
      ticketid: ticketId,
      newDepartment: billing.id,
      newUser: biller.user.id,
    });
    expect(moved.status).toBe(200);
    for (const url of urls) expect(await statusOf(biller.client, url)).toBe(200);
    // The General colleague who no longer sees the ticket no longer reads its files either.
    expect(await statusOf(handler.client, urls[0]!)).toBe(404);
  });

  it("lets the whole company read an agent's photo, and nobody a file nothing refers to", async () => {
    const { home, handler, biller } = await world();
    const form = new FormData();
    form.append('file', new Blob([await png()], { type: 'image/png' }), 'me.png');
    const photo = await handler.client.postForm('/auth/change-profile-pic', form);
    expect(photo.status).toBe(200);
    const photoUrl = photo.body.profilePic as string;
    expect(await statusOf(biller.client, photoUrl)).toBe(200);
    expect(await statusOf((await seedCompany(t, { name: 'Third Co' })).adminClient, photoUrl)).toBe(404);

    // Stored, but referred to by no message and no profile: there, yet read by no one.
    const stray = await t.services.storage.save(home.company.id, await png(), 'stray.png', {
      types: 'chat',
      source: { kind: 'agent' },
    });
    expect(await t.services.storage.store.size(stray.key)).toBeGreaterThan(0);
    expect(await statusOf(home.adminClient, `/files/${stray.key}`)).toBe(404);
    expect(await statusOf(home.adminClient, `/files/${stray.thumbnailKey!}`)).toBe(404);
  });
});
