import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketWithChat } from '../../test/chat-world';
import { seedCompany, startTestApp, type TestApp } from '../../test/harness';
import { users } from '../db/schema';
import { safeError } from './safe-error';

let t: TestApp;
/** Every line the app logged. */
const logged: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { logTo: { write: (line: string) => void logged.push(line) } });
});
afterAll(async () => t?.close());

/** What a database call throws, caught. */
async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('errors as they are logged', () => {
  it('keep the SQLSTATE code, the constraint and the frames of a failed query, not its parameters or detail', async () => {
    const { company, department, adminEmail } = await seedCompany(t);
    const error = await failureOf(() =>
      t.database.db.insert(users).values({
        companyId: company.id,
        email: adminEmail,
        passwordHash: 'secret-hash-value',
        firstName: 'Twin',
        lastName: 'Admin',
        role: 'agent',
        departmentId: department.id,
        createdAt: t.clock.now(),
      }),
    );
    // What the raw error carries, and the log must not.
    expect(String((error as Error).message)).toContain(adminEmail);

    const safe = safeError(error);
    const text = JSON.stringify(safe);
    expect(text).not.toContain(adminEmail);
    expect(text).not.toContain('secret-hash-value');
    expect(text).not.toMatch(/Failed query|params|Key \(/);
    expect(safe).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505', constraint: 'users_email_uq' } });
    expect(safe.stack).toMatch(/^\s+at /);
  });

  it('keep the engine’s own messages about code, and follow causes a few levels deep', () => {
    const typeError = (() => {
      try {
        return (undefined as unknown as { x: number }).x;
      } catch (error) {
        return error;
      }
    })();
    expect(safeError(typeError)).toMatchObject({ type: 'TypeError', message: expect.stringContaining("'x'") });
    const wrapped = new Error('user text 4111', { cause: new Error('more text', { cause: 'a string' }) });
    expect(safeError(wrapped)).toEqual({
      type: 'Error',
      stack: expect.any(String),
      cause: { type: 'Error', stack: expect.any(String), cause: { type: 'string' } },
    });
  });
});

describe('the error log of a request the database refuses', () => {
  it('names the failure without the message text or the query parameters', async () => {
    const { adminClient, admin, company } = await seedCompany(t);
    const { ticketId } = await ticketWithChat(t, company.id, ['Hello']);
    expect((await adminClient.post('/acceptTicket', { ticketid: ticketId, userid: admin.id })).status).toBe(200);
    // A database that refuses the message and quotes it back in the error's detail (a trigger of this test's own).
    const { db } = t.database;
    await db.execute(sql`
      create function kc_test_quote() returns trigger language plpgsql as $$
      begin
        raise exception 'refused: %', new.content using detail = 'content was ' || new.content, errcode = 'P0001';
      end $$`);
    await db.execute(
      sql`create trigger kc_test_quote before insert on messages for each row execute function kc_test_quote()`,
    );
    const secret = 'my card is 4111 1111 1111 1111';
    const before = logged.length;
    const reply = await adminClient.post('/send-message', { ticketid: ticketId, content: secret });
    await db.execute(sql`drop trigger kc_test_quote on messages`);
    await db.execute(sql`drop function kc_test_quote()`);

    expect(reply).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
    const lines = logged.slice(before).join('');
    const entry = logged
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: 'P0001' } });
    expect(lines).not.toContain('4111');
    expect(lines).not.toContain(ticketId);
    expect(lines).not.toMatch(/Failed query|params:|content was/);
  });
});
