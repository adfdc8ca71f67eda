import type {
  CreateWidgetSessionBody,
  CreatedWidgetSession,
  ProveWidgetIdentityBody,
  SendWidgetMessageBody,
  SentWidgetMessage,
  WidgetMessages,
  WidgetSession,
} from '@kreechat/contract';
import { WIDGET_BASE } from './constants';

/**
 * A refused or failed widget call. `status` 0 means KreeChat could not be reached; `message` is the server's
 * `{ message }` when it sent one; `retryAfter` (seconds) comes with a 429.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type MessagesQuery = { before?: number; after?: number };

/**
 * The widget API of `packages/contract/src/widget.ts`, called cross-origin from the company's site. Every call but
 * creating a session carries the session as a bearer; none sends cookies (KreeChat and the site are different
 * sites, and a cookie would make the browser's CORS rules stricter for nothing).
 */
export function widgetApi(server: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  async function call<T>(method: string, path: string, bearer: string | null, body?: object | FormData): Promise<T> {
    const headers: Record<string, string> = {};
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${server}${WIDGET_BASE}${path}`, {
        method,
        headers,
        body: payload,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiError(0, error instanceof Error ? error.message : 'unreachable');
    }
    if (!response.ok) throw await errorOf(response);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  return {
    createSession: (body: CreateWidgetSessionBody) => call<CreatedWidgetSession>('POST', '/sessions', null, body),
    session: (bearer: string) => call<WidgetSession>('GET', '/session', bearer),
    messages(bearer: string, query: MessagesQuery = {}) {
      const search =
        query.before !== undefined
          ? `?before=${query.before}`
          : query.after !== undefined
            ? `?after=${query.after}`
            : '';
      return call<WidgetMessages>('GET', `/messages${search}`, bearer);
    },
    send: (bearer: string, body: SendWidgetMessageBody) => call<SentWidgetMessage>('POST', '/messages', bearer, body),
    sendFile(bearer: string, fields: { clientMessageId: string; caption: string; file: File; departmentId?: string }) {
      const form = new FormData();
      form.append('clientMessageId', fields.clientMessageId);
      if (fields.caption) form.append('caption', fields.caption);
      if (fields.departmentId) form.append('departmentId', fields.departmentId);
      // The file last: the server streams the multipart body and reads the fields before it.
      form.append('file', fields.file, fields.file.name);
      return call<SentWidgetMessage>('POST', '/files', bearer, form);
    },
    chooseDepartment: (bearer: string, departmentId: string) =>
      call<void>('POST', '/department', bearer, { departmentId }),
    rate: (bearer: string, ticketId: string, rating: number) =>
      call<void>('POST', '/rating', bearer, { ticketId, rating }),
    end: (bearer: string) => call<void>('POST', '/end', bearer),
    /** The site's fresh signed identity of the session's own visitor, when the server asks for it (hourly). */
    proveIdentity: (bearer: string, identity: string) =>
      call<WidgetSession>('POST', '/session/identity', bearer, { identity } satisfies ProveWidgetIdentityBody),
    /** A message's file (its `url` is relative to the KreeChat address), read with the bearer. */
    async file(bearer: string, url: string): Promise<Blob> {
      const address = /^https?:\/\//.test(url) ? url : `${server}${url}`;
      let response: Response;
      try {
        response = await fetchImpl(address, { headers: { Authorization: `Bearer ${bearer}` }, credentials: 'omit' });
      } catch (error) {
        throw new ApiError(0, error instanceof Error ? error.message : 'unreachable');
      }
      if (!response.ok) throw await errorOf(response);
      return response.blob();
    },
  };
}

export type WidgetApi = ReturnType<typeof widgetApi>;

async function errorOf(response: Response): Promise<ApiError> {
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  // Readable cross-origin only when the server exposes it (Access-Control-Expose-Headers).
  const retry = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, message, Number.isFinite(retry) && retry > 0 ? retry : null);
}
