/**
 * Input PostgreSQL cannot store is refused at the HTTP edge, for every route, with a 400 that says why — never a
 * 500 from the database. Text and jsonb hold no NUL (U+0000); a lone surrogate (invalid UTF-16, only possible
 * through a JSON `\uD800` escape) is not Unicode at all, and the drivers would silently write U+FFFD in its place.
 * Every other character is valid UTF-8 and stored as sent. JSON nested deeper than any call needs is refused too:
 * a deep structure costs recursion in whatever reads it next. Multipart parts get the same character test as the
 * routes read them (platform/multipart.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body is recorded whatever characters it holds, and its route makes it storable itself (a channel's
     * update: refusing it would lose the client's message, see channels/storable.ts). Depth is still limited.
     */
    keepsUnstorableBody?: boolean;
  }
}

/** NUL, or a surrogate that is not half of a pair (with the `u` flag, `\p{Cs}` matches only those). */
const UNSTORABLE = /\0|\p{Cs}/u;
const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, 'gu');

export const UNSTORABLE_INPUT =
  'The request contains a character that cannot be stored (a NUL character or invalid Unicode)';
export const NESTED_TOO_DEEPLY = 'The request is nested too deeply';
/** Far beyond any call's own nesting (a Telegram update is under 10 levels deep). */
export const MAX_INPUT_DEPTH = 64;

export const hasUnstorableCharacter = (text: string) => UNSTORABLE.test(text);

/** `text` with each unstorable character replaced by U+FFFD: for what is kept whatever it holds. */
export const replaceUnstorable = (text: string) => text.replace(EVERY_UNSTORABLE, '\uFFFD');

/**
 * What is wrong with a parsed request value — an unstorable character in a string or an object key at any depth
 * (unless `characters` is false), or nesting beyond MAX_INPUT_DEPTH — or undefined. Iterative, so no input can
 * overflow the stack.
 */
export function inputProblem(value: unknown, options: { characters: boolean } = { characters: true }) {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      if (options.characters && hasUnstorableCharacter(item)) return UNSTORABLE_INPUT;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    // A raw body kept as bytes (a signed webhook) is checked by its route once the signature holds.
    if (Buffer.isBuffer(item)) continue;
    if (depth >= MAX_INPUT_DEPTH) return NESTED_TOO_DEEPLY;
    if (Array.isArray(item)) {
      for (const element of item) pending.push([element, depth + 1]);
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      if (options.characters && hasUnstorableCharacter(key)) return UNSTORABLE_INPUT;
      pending.push([element, depth + 1]);
    }
  }
  return undefined;
}

/** Registers the rule for path parameters, query strings and JSON bodies (multipart parts: platform/multipart.ts). */
export function registerStorableInputRule(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem =
      inputProblem(request.params) ??
      inputProblem(request.query) ??
      inputProblem(request.body, { characters: !request.routeOptions.config?.keepsUnstorableBody });
    if (problem) throw new ValidationError(problem);
  });
}
