import {
  CHAT_PAGE_SIZE,
  CHAT_SLICE_AROUND,
  MESSAGE_NOT_FOUND,
  MESSAGE_SEARCH_LIMIT,
  SEARCH_KEYWORD_REQUIRED,
  TICKET_NOT_FOUND,
  type ChatSliceResponse,
} from '@kreechat/contract';
import { messages } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketWithChat } from '../../../test/chat-world';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const texts = (slice: ChatSliceResponse) => slice.selectedSections.flatMap((s) => s.messages.map((m) => m.content));
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `Message ${i + 1}`);

describe('in-chat search', () => {
  it('finds text and file names in any case, wildcards taken literally, newest first, only in that ticket', async () => {
    const home = await seedCompany(t);
    const { ticketId } = await ticketWithChat(t, home.company.id, [
      'Where is my ORDER?',
      'order 100% paid',
      'unrelated',
      'a_b literal underscore',
      'axb not a match for a_b',
      'back\\slash',
    ]);
    await t.database.db.insert(messages).values({
      companyId: home.company.id,
      ticketId,
      type: 'document',
      content: '',
      fileName: 'Invoice-Order-7.pdf',
      createdAt: t.clock.now(),
    });
    await ticketWithChat(t, home.company.id, ['order in another ticket'], 'Olga');
    const { client } = await home.addAgent();
    const search = (keyword: string) =>
      client.get(`/search-message?ticketid=${ticketId}&created_on=2026-03-02&keyword=${encodeURIComponent(keyword)}`);

    const found = await search('  Order ');
    expect(found.status).toBe(200);
    expect(found.body.map((m: { content: string; file_name: string | null }) => m.file_name ?? m.content)).toEqual([
      'Invoice-Order-7.pdf',
      'order 100% paid',
      'Where is my ORDER?',
    ]);
    expect((await search('100%')).body).toHaveLength(1);
    expect((await search('%')).body).toHaveLength(1);
    expect((await search('a_b')).body.map((m: { content: string }) => m.content)).toEqual([
      'axb not a match for a_b',
      'a_b literal underscore',
    ]);
    expect((await search('k\\s')).body).toHaveLength(1);
    expect((await search('nothing like this')).body).toEqual([]);
  });

  it(`caps the answer at ${MESSAGE_SEARCH_LIMIT}, newest first`, async () => {
    const home = await seedCompany(t);
    const { ticketId } = await ticketWithChat(t, home.company.id, numbered(MESSAGE_SEARCH_LIMIT + 10));
    const found = await home.adminClient.get(`/search-message?ticketid=${ticketId}&keyword=message`);
    expect(found.body).toHaveLength(MESSAGE_SEARCH_LIMIT);
    expect(found.body[0].content).toBe(`Message ${MESSAGE_SEARCH_LIMIT + 10}`);
  });

  it('refuses a blank keyword and bad ids with a message; another company or department gets 404', async () => {
    const home = await seedCompany(t);
    const { ticketId } = await ticketWithChat(t, home.company.id, ['Secret order']);
    const sales = await t.services.departments.create(home.company.id, 'Sales');
    const outsider = await home.addAgent({ departmentId: sales.id });
    const rival = await seedCompany(t);
    for (const keyword of ['', '%20%20']) {
      const reply = await home.adminClient.get(`/search-message?ticketid=${ticketId}&keyword=${keyword}`);
      expect(reply).toMatchObject({ status: 400, body: { message: SEARCH_KEYWORD_REQUIRED } });
    }
    expect(await home.adminClient.get(`/search-message?ticketid=${ticketId}`)).toMatchObject({
      status: 400,
      body: { message: SEARCH_KEYWORD_REQUIRED },
    });
    expect(await home.adminClient.get('/search-message?ticketid=nope&keyword=a')).toMatchObject({
      status: 400,
      body: { message: 'Invalid id' },
    });
    for (const other of [outsider.client, rival.adminClient]) {
      expect(await other.get(`/search-message?ticketid=${ticketId}&keyword=order`)).toMatchObject({
        status: 404,
        body: { message: TICKET_NOT_FOUND },
      });
    }
    expect((await t.client().get(`/search-message?ticketid=${ticketId}&keyword=order`)).status).toBe(401);
  });
});

describe('chat slice', () => {
  it('returns the window around a message in day sections, with cursors both ways that page to both ends', async () => {
    const home = await seedCompany(t);
    const total = 200;
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, numbered(total));
    const { client } = await home.addAgent();
    const target = 100; // "Message 101"
    const slice = await client.get(
      `/get-chat-slice?ticketid=${ticketId}&messageid=${messageIds[target]}&created_on=x&isInitialClick=true&tz=Asia/Tokyo`,
    );
    expect(slice.status).toBe(200);
    const body = slice.body as ChatSliceResponse;
    const expected = numbered(total).slice(target - CHAT_SLICE_AROUND, target + CHAT_SLICE_AROUND + 1);
    expect(texts(body)).toEqual(expected);
    const section = body.selectedSections[body.targetSectionIndex!]!;
    expect(section.messages.map((m) => m.messageid)).toContain(messageIds[target]);
    // 200 minutes from 09:00 UTC is 18:00–21:20 in Tokyo: one day there.
    expect(body.selectedSections.map((s) => s.date)).toEqual(['2026-03-02']);
    const seqs = body.selectedSections.flatMap((s) => s.messages.map((m) => m.seq));
    expect(body.newIndex).toBe(seqs[0]);
    expect(body.newerIndex).toBe(seqs[seqs.length - 1]);

    // Older pages end at the first message, newer pages at the latest, with nothing lost or doubled.
    let older: string[] = [];
    let cursor = body.newIndex;
    while (cursor !== null) {
      const page = (await client.get(`/get-chat-slice?ticketid=${ticketId}&scrollUp=true&lastIndex=${cursor}`))
        .body as ChatSliceResponse;
      expect(page.targetSectionIndex).toBeNull();
      older = [...texts(page), ...older];
      cursor = page.newIndex;
    }
    let newer: string[] = [];
    cursor = body.newerIndex;
    while (cursor !== null) {
      const page = (await client.get(`/get-chat-slice?ticketid=${ticketId}&scrollDown=true&lastIndex=${cursor}`))
        .body as ChatSliceResponse;
      expect(texts(page).length).toBeLessThanOrEqual(CHAT_PAGE_SIZE);
      newer = [...newer, ...texts(page)];
      cursor = page.newerIndex;
    }
    expect([...older, ...expected, ...newer]).toEqual(numbered(total));
  });

  it('reaches the edges: the first message has no older cursor, the latest no newer one', async () => {
    const home = await seedCompany(t);
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, numbered(80));
    const at = async (i: number) =>
      (await home.adminClient.get(`/get-chat-slice?ticketid=${ticketId}&messageid=${messageIds[i]}`))
        .body as ChatSliceResponse;
    const first = await at(0);
    expect(texts(first)).toEqual(numbered(CHAT_SLICE_AROUND + 1));
    expect(first.newIndex).toBeNull();
    expect(first.newerIndex).not.toBeNull();
    expect(first.targetSectionIndex).toBe(0);
    const last = await at(79);
    expect(texts(last)).toEqual(numbered(80).slice(79 - CHAT_SLICE_AROUND));
    expect(last.newerIndex).toBeNull();
    expect(last.newIndex).not.toBeNull();

    const short = await ticketWithChat(t, home.company.id, ['Only one'], 'Olga');
    const one = (
      await home.adminClient.get(`/get-chat-slice?ticketid=${short.ticketId}&messageid=${short.messageIds[0]}`)
    ).body as ChatSliceResponse;
    expect(one).toMatchObject({ targetSectionIndex: 0, newIndex: null, newerIndex: null });
    expect(texts(one)).toEqual(['Only one']);
  });

  it('refuses bad input with a message, an unknown or foreign message with 404, other tenants with 404', async () => {
    const home = await seedCompany(t);
    const { ticketId, messageIds } = await ticketWithChat(t, home.company.id, ['A', 'B']);
    const other = await ticketWithChat(t, home.company.id, ['Elsewhere'], 'Olga');
    const sales = await t.services.departments.create(home.company.id, 'Sales');
    const outsider = await home.addAgent({ departmentId: sales.id });
    const rival = await seedCompany(t);
    const base = `/get-chat-slice?ticketid=${ticketId}`;
    const cases: [string, number, string][] = [
      [base, 400, 'messageid is required'],
      [`${base}&messageid=nope`, 400, 'Invalid id'],
      [`/get-chat-slice?messageid=${messageIds[0]}`, 400, 'Invalid id'],
      [`${base}&scrollUp=true`, 400, 'lastIndex is required to scroll'],
      [`${base}&scrollUp=true&scrollDown=true&lastIndex=1`, 400, 'Scroll up or down, not both'],
      [`${base}&scrollUp=true&lastIndex=-4`, 400, 'Invalid lastIndex'],
      [`${base}&messageid=${messageIds[0]}&tz=Mars/Olympus`, 400, 'Unknown time zone'],
      [`${base}&messageid=00000000-0000-4000-8000-000000000000`, 404, MESSAGE_NOT_FOUND],
      [`${base}&messageid=${other.messageIds[0]}`, 404, MESSAGE_NOT_FOUND],
    ];
    for (const [url, status, message] of cases) {
      expect(await home.adminClient.get(url)).toMatchObject({ status, body: { message } });
    }
    for (const client of [outsider.client, rival.adminClient]) {
      expect(await client.get(`${base}&messageid=${messageIds[0]}`)).toMatchObject({
        status: 404,
        body: { message: TICKET_NOT_FOUND },
      });
      expect((await client.get(`${base}&scrollUp=true&lastIndex=999999`)).status).toBe(404);
    }
    expect((await t.client().get(`${base}&messageid=${messageIds[0]}`)).status).toBe(401);
  });
});
