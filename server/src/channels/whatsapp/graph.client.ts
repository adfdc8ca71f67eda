/**
 * Meta's Graph API over fetch (channel-apis.md §2.1): `{root}/{version}/{path}` with a Bearer token, JSON in and
 * out, and its error envelope turned into two kinds of failure kept apart — Graph answered no (GraphRefusal, with
 * Graph's own error, classified by `error.code`, never by the HTTP status alone) or Graph was not reached
 * (GraphUnreachable: no answer, a timeout, or a body that is no Graph error at all, such as a proxy's page).
 */
import { AppError } from '../../platform/errors';
import { graphErrorOf, type GraphError } from './whatsapp.parse';

const TIMEOUT_MS = 20_000;

export class GraphRefusal extends AppError {
  constructor(
    readonly error: GraphError,
    readonly httpStatus: number,
  ) {
    // The admin sees Graph's own words (a wrong token, an expired code, a bad field).
    super(400, error.error_user_msg ?? error.message ?? `WhatsApp refused the request (code ${error.code})`);
  }
}

export class GraphUnreachable extends AppError {
  constructor(reason: string) {
    super(502, `WhatsApp could not be reached: ${reason}`);
  }
}

export type GraphClient = ReturnType<typeof createGraphClient>;
type Query = Record<string, string | number | undefined>;

export function createGraphClient(config: { graphRoot: string; graphVersion: string }) {
  const base = `${config.graphRoot}/${config.graphVersion}`;
  const urlOf = (path: string, query: Query = {}) => {
    const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  };

  async function call<T>(url: URL, init: RequestInit & { token?: string; authScheme?: 'Bearer' | 'OAuth' }) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `${init.authScheme ?? 'Bearer'} ${init.token}`);
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new GraphUnreachable(error instanceof Error ? error.message : String(error));
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new GraphUnreachable(`HTTP ${response.status} without a Graph answer`);
    }
    const refusal = graphErrorOf(body);
    if (refusal) throw new GraphRefusal(refusal, response.status);
    if (!response.ok) throw new GraphUnreachable(`HTTP ${response.status}`);
    return body as T;
  }

  const json = (payload: unknown) => ({
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

  return {
    get: <T>(token: string | undefined, path: string, query?: Query) =>
      call<T>(urlOf(path, query), { method: 'GET', token }),
    post: <T>(token: string, path: string, payload: unknown = {}, query?: Query) =>
      call<T>(urlOf(path, query), { method: 'POST', token, ...json(payload) }),
    postForm: <T>(token: string, path: string, form: FormData) =>
      call<T>(urlOf(path), { method: 'POST', token, body: form }),
    /** The resumable upload's second step: raw bytes, `OAuth` scheme, `file_offset` header (§2.13). */
    postBytes: <T>(token: string, path: string, bytes: Buffer) =>
      call<T>(urlOf(path), {
        method: 'POST',
        token,
        authScheme: 'OAuth',
        body: new Uint8Array(bytes),
        headers: { file_offset: '0' },
      }),
  };
}
