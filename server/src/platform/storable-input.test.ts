import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketWithChat } from '../../test/chat-world';
import { seedCompany, startTestApp, type TestApp, type TestClient } from '../../test/harness';
import {
  hasUnstorableCharacter,
  inputProblem,
  MAX_INPUT_DEPTH,
  NESTED_TOO_DEEPLY,
  replaceUnstorable,
  UNSTORABLE_INPUT,
} from './storable-input';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const refused = { status: 400, body: { message: UNSTORABLE_INPUT } };
/** NUL, a lone high surrogate, a lone low surrogate: what PostgreSQL's text cannot hold. */
const UNSTORABLE = ['\u0000', '\uD800', '\uDFFF'];

describe('the unstorable-character test', () => {
  it('finds NUL and lone surrogates, never a well-formed pair or other control characters', () => {
    for (const c of UNSTORABLE) expect(hasUnstorableCharacter(`a${c}b`)).toBe(true);
    expect(hasUnstorableCharacter('\uDFFF\uD800')).toBe(true);
    for (const ok of ['', 'plain', '😀 emoji pair', '\u0001\u001f\u007f', '\uFFFE\uFFFF', 'ру 日本']) {
      expect(hasUnstorableCharacter(ok)).toBe(false);
    }
    expect(replaceUnstorable('a\u0000b\uD800😀')).toBe('a\uFFFDb\uFFFD😀');
  });

  it('looks at every string and key at any depth, and bounds the depth without recursion', () => {
    expect(inputProblem({ a: [{ b: ['ok', 'x\u0000'] }] })).toBe(UNSTORABLE_INPUT);
    expect(inputProblem({ a: { ['k\uD800']: 1 } })).toBe(UNSTORABLE_INPUT);
    expect(inputProblem({ a: [1, true, null, 1e308, 'ok'] })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)).toBe(NESTED_TOO_DEEPLY);
    let allowed: unknown = 'end';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) allowed = { a: allowed };
    expect(inputProblem(allowed)).toBeUndefined();
    expect(inputProblem({ a: 'x\u0000' }, { characters: false })).toBeUndefined();
  });
});

describe('every route refuses what PostgreSQL cannot store with a 400, and stores nothing', () => {
  it('a department name', async () => {
    const { adminClient } = await seedCompany(t);
    for (const c of UNSTORABLE) {
      expect(await adminClient.post('/admin/create-department', { department_name: `Sales${c}` })).toMatchObject(
        refused,
      );
    }
    // A key of its own too: JSON keys are strings the server reads.
    expect(
      await adminClient.post('/admin/create-department', { department_name: 'Ops', ['x\u0000']: 1 }),
    ).toMatchObject(refused);
    const { departments } = (await adminClient.get('/admin/get-departments')).body;
    expect(departments.map((d: { department_name: string }) => d.department_name)).toEqual(['General']);
  });

  it('a client search, in the path or the query string', async () => {
    const { adminClient } = await seedCompany(t);
    expect(await adminClient.get('/Iv%00an/search-clients')).toMatchObject(refused);
    expect(await adminClient.get('/search-message?keyword=a%00b&ticketid=x')).toMatchObject(refused);
    expect(await adminClient.get('/search-message?keyword=a&keyword=b%00')).toMatchObject(refused);
    // Bytes that are not UTF-8 never decode to a lone surrogate: the router refuses them itself.
    const broken = await adminClient.get('/Iv%ED%A0%80an/search-clients');
    expect(broken.status).toBe(400);
    expect(typeof broken.body.message).toBe('string');
    expect((await adminClient.get('/Ivan/search-clients')).status).toBe(200);
  });

  it('a message, as JSON or as a multipart field or file name', async () => {
    const { adminClient, admin, company } = await seedCompany(t);
    const { ticketId } = await ticketWithChat(t, company.id, ['Hello']);
    expect((await adminClient.post('/acceptTicket', { ticketid: ticketId, userid: admin.id })).status).toBe(200);
    for (const c of UNSTORABLE) {
      expect(await adminClient.post('/send-message', { ticketid: ticketId, content: `my card${c}` })).toMatchObject(
        refused,
      );
    }
    const file = (name: string, ticketid = ticketId) => {
      const form = new FormData();
      form.append('ticketid', ticketid);
      form.append('file', new Blob(['hello'], { type: 'text/plain' }), name);
      return form;
    };
    expect(await adminClient.postForm('/send-file', file('notes\u0000.txt'))).toMatchObject(refused);
    expect(await adminClient.postForm('/send-file', file('notes.txt', `${ticketId}\u0000`))).toMatchObject(refused);
    const chat = await adminClient.get(`/${ticketId}/0/chat`);
    expect(JSON.stringify(chat.body)).not.toMatch(/my card|notes/);

    expect((await adminClient.post('/send-message', { ticketid: ticketId, content: 'ok 😀' })).status).toBe(200);
    expect((await adminClient.postForm('/send-file', file('notes.txt'))).status).toBe(200);
  });

  it('answers deep JSON and huge numbers with a 400, and stays up', async () => {
    const { adminClient } = await seedCompany(t);
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const raw = (body: string) =>
      adminClient.request('POST', '/create-bubble', body, { 'content-type': 'application/json' });
    expect(await raw(deep)).toMatchObject({ status: 400, body: { message: NESTED_TOO_DEEPLY } });
    expect(await raw(`{"name":"n","content":${deep}}`)).toMatchObject({
      status: 400,
      body: { message: NESTED_TOO_DEEPLY },
    });
    for (const huge of ['1e400', '-1e400', '18446744073709551616', '1e308', `1${'0'.repeat(5000)}`]) {
      const reply = await raw(`{"name":${huge},"content":${huge}}`);
      expect(reply.status).toBe(400);
      expect(typeof reply.body.message).toBe('string');
      // A path parameter past the router's 100 characters answers 414.
      const page = await adminClient.get(`/${huge}/get-clients`);
      expect(page.status === 400 || page.status === 414).toBe(true);
      expect(typeof page.body.message).toBe('string');
    }
    expect((await t.client().get('/health')).body).toEqual({ status: 'ok' });
  });

  it('checks the access first: a stranger gets 401, not a description of the body', async () => {
    const stranger: TestClient = t.client();
    expect((await stranger.post('/admin/create-department', { department_name: 'x\u0000' })).status).toBe(401);
  });
});
