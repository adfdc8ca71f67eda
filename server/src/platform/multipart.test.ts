import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketWithChat } from '../../test/chat-world';
import { seedCompany, startTestApp, type TestApp, type TestClient } from '../../test/harness';
import { MALFORMED_MULTIPART } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const BOUNDARY = '----kctest';
const upload = (
  client: TestClient,
  url: string,
  body: string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) => client.request('POST', url, body, { 'content-type': contentType });

/** Bodies the multipart parser cannot read; each answered 500 before (found by server/test/api-fuzz.test.ts). */
const MALFORMED: [string, string, string?][] = [
  ['an empty boundary', '{"n":1}', 'multipart/form-data; boundary='],
  ['no boundary parameter at all', 'x', 'multipart/form-data'],
  ['cut short in a file', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`],
  ['cut short in a field', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="ticketid"\r\n\r\nx`],
];

describe('a multipart body the parser cannot read', () => {
  it.each(MALFORMED)('answers 400 and says so: %s', async (_name, body, contentType) => {
    const { adminClient, admin, company } = await seedCompany(t);
    const { ticketId } = await ticketWithChat(t, company.id, ['Hello']);
    await adminClient.post('/acceptTicket', { ticketid: ticketId, userid: admin.id });
    for (const url of ['/auth/change-profile-pic', '/send-file']) {
      const reply = await upload(adminClient, url, body, contentType);
      expect({ url, status: reply.status, body: reply.body }).toEqual({
        url,
        status: 400,
        body: { message: MALFORMED_MULTIPART, code: 'malformedMultipart' },
      });
    }
    expect((await t.client().get('/health')).body).toEqual({ status: 'ok' });
  });

  it('still reads a well-formed one', async () => {
    const { adminClient } = await seedCompany(t);
    const form = new FormData();
    form.append('file', new Blob(['not an image'], { type: 'image/png' }), 'a.png');
    const reply = await adminClient.postForm('/auth/change-profile-pic', form);
    expect(reply.status).toBe(400);
    expect(reply.body.message).not.toBe(MALFORMED_MULTIPART);
  });
});
