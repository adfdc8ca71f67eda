import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SERVER_ERRORS, serverErrorCode } from '@kreechat/contract';
import { WIDGET_ERRORS } from '../channels/wordpress/widget.service';
import { NUMBER_NOT_FOUND } from '../channels/whatsapp/whatsapp.setup';
import { AGENT_NOT_FOUND, EMAIL_IN_USE } from '../modules/agents/agent.service';
import { ACCOUNT_DISABLED, CURRENT_PASSWORD_FAILURES, INVALID_LOGIN, LOGIN_LIMITS } from '../modules/auth/auth.service';
import { DEPARTMENT_NOT_FOUND } from '../modules/departments/department.service';
import { CHAT_NOT_FOUND, NOT_YOUR_MESSAGE } from '../modules/notifications/notification.service';
import { CODE_CHECKS, CODE_SENDS } from '../modules/registration/verification.service';
import { ConflictError, TooManyRequestsError } from './errors';
import { registerErrorHandler } from './http';
import { MALFORMED_MULTIPART } from './multipart';
import { NESTED_TOO_DEEPLY, UNSTORABLE_INPUT } from './storable-input';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const catalogued = new Set<string>(Object.values(SERVER_ERRORS));
/** A built message's shape: its values (`${…}` in code, `{{…}}` in the catalogue) blanked out. */
const shape = (text: string) => text.replace(/\$\{[^}]*\}|\{\{\s*\w+\s*\}\}/g, '…');
const cataloguedShapes = new Set([...catalogued].map(shape));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every message written out where an error is thrown: `new XError('…')`, `new AppError(413, "…")`, `new XError(`…`)`. */
const THROWN =
  /new (?:Validation|Forbidden|NotFound|Conflict|Gone|TooManyRequests|Unauthorized|App)Error\(\s*(?:\d+\s*,\s*)?('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)/g;

function thrownMessages(): { text: string; at: string }[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(THROWN)].map((match) => ({
      text: (match[1] ?? '').slice(1, -1).replace(/\\(.)/g, '$1'),
      at: file.slice(SRC.length + 1),
    })),
  );
}

describe('the server error catalogue', () => {
  it('finds the thrown messages (the scan itself works)', () => {
    const found = thrownMessages();
    expect(found.length).toBeGreaterThan(40);
    expect(found.map((m) => m.text)).toContain('Only a message that failed can be retried');
  });

  it('has a code for every message written out in a throw', () => {
    const missing = thrownMessages().filter(({ text }) =>
      text.includes('${') ? !cataloguedShapes.has(shape(text)) : !catalogued.has(text),
    );
    expect(missing.map(({ text, at }) => `${at}: ${text}`)).toEqual([]);
  });

  it('has a code for every message the server keeps in a constant', () => {
    const constants = [
      EMAIL_IN_USE,
      AGENT_NOT_FOUND,
      ACCOUNT_DISABLED,
      INVALID_LOGIN,
      CURRENT_PASSWORD_FAILURES.message,
      DEPARTMENT_NOT_FOUND,
      CHAT_NOT_FOUND,
      NOT_YOUR_MESSAGE,
      NUMBER_NOT_FOUND,
      MALFORMED_MULTIPART,
      UNSTORABLE_INPUT,
      NESTED_TOO_DEEPLY,
      ...Object.values(WIDGET_ERRORS),
      ...[LOGIN_LIMITS, CODE_SENDS, CODE_CHECKS].map((policy) => policy.perAddress.message),
    ];
    expect(constants.filter((text) => !catalogued.has(text))).toEqual([]);
  });

  it('names each wait-built message by the code whose English it is', () => {
    for (const policy of [LOGIN_LIMITS, CODE_SENDS, CODE_CHECKS]) {
      expect(SERVER_ERRORS[policy.perSubject.code].replace('{{wait}}', '3 minutes')).toBe(
        policy.perSubject.message('3 minutes'),
      );
    }
  });

  it('gives every message one code', () => {
    expect(catalogued.size).toBe(Object.keys(SERVER_ERRORS).length);
  });
});

describe('an error answer', () => {
  async function answer(error: Error) {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/fails', async () => {
      throw error;
    });
    const reply = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    return { status: reply.statusCode, body: reply.json() as Record<string, unknown> };
  }

  it('carries the code of a catalogued message beside the unchanged message', async () => {
    expect(await answer(new ConflictError('Only a message that failed can be retried'))).toEqual({
      status: 409,
      body: { message: 'Only a message that failed can be retried', code: 'retryNotFailed' },
    });
  });

  it('carries a built message’s code and values', async () => {
    const message = LOGIN_LIMITS.perSubject.message('2 minutes');
    const { body } = await answer(
      new TooManyRequestsError(message, 120, { code: 'loginLockedAccount', params: { seconds: 120 } }),
    );
    expect(body).toEqual({ message, code: 'loginLockedAccount', params: { seconds: 120 } });
  });

  it('carries no code for a message outside the catalogue, and the generic text for a crash', async () => {
    expect((await answer(new ConflictError('Something new'))).body).toEqual({ message: 'Something new' });
    expect(await answer(new Error('secret detail'))).toEqual({
      status: 500,
      body: { message: 'Internal server error', code: 'internal' },
    });
  });

  it('looks a message up by its exact text', () => {
    expect(serverErrorCode('Ticket not found')).toBe('ticketNotFound');
    expect(serverErrorCode('Ticket not found.')).toBeUndefined();
  });
});
