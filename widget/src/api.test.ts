import { describe, expect, it } from 'vitest';
import { ApiError, widgetApi } from './api';

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  }) as unknown as typeof fetch;
  return { calls, impl };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('widgetApi', () => {
  it('creates a session without a bearer and sends JSON, never cookies', async () => {
    const fetch = fakeFetch(() => json(201, { session: 's1' }));
    const api = widgetApi('https://desk.example', fetch.impl);
    await api.createSession({ tokenId: 'wpt_x', guest: { name: 'G', email: 'g@example.com' }, language: 'nl' });
    const [{ url, init }] = fetch.calls as [Call];
    expect(url).toBe('https://desk.example/api/widget/sessions');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toMatchObject({ tokenId: 'wpt_x', language: 'nl' });
  });

  it('carries the session as a bearer and the cursor in the query', async () => {
    const fetch = fakeFetch(() => json(200, { messages: [], hasMore: false, ticket: null, held: [] }));
    const api = widgetApi('https://desk.example', fetch.impl);
    await api.messages('s1');
    await api.messages('s1', { after: 42 });
    await api.messages('s1', { before: 7 });
    expect(fetch.calls.map((c) => c.url.replace('https://desk.example/api/widget', ''))).toEqual([
      '/messages',
      '/messages?after=42',
      '/messages?before=7',
    ]);
    expect((fetch.calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer s1');
  });

  it('answers undefined for 204 and reads files relative to the server', async () => {
    const fetch = fakeFetch(({ url }) =>
      url.endsWith('/rating') ? new Response(null, { status: 204 }) : new Response('bytes'),
    );
    const api = widgetApi('https://desk.example', fetch.impl);
    await expect(api.rate('s1', 't1', 3)).resolves.toBeUndefined();
    const blob = await api.file('s1', '/api/widget/files/abc');
    expect(await blob.text()).toBe('bytes');
    expect(fetch.calls[1]!.url).toBe('https://desk.example/api/widget/files/abc');
  });

  it('sends files as multipart with the file last', async () => {
    const fetch = fakeFetch(() => json(200, { status: 'appended', message: null }));
    const api = widgetApi('https://desk.example', fetch.impl);
    await api.sendFile('s1', { clientMessageId: 'c1', caption: 'see', file: new File(['x'], 'a.txt') });
    const form = fetch.calls[0]!.init.body as FormData;
    expect([...form.keys()]).toEqual(['clientMessageId', 'caption', 'file']);
    expect(fetch.calls[0]!.init.headers).toEqual({ Authorization: 'Bearer s1' });
  });

  it('turns refusals into ApiError with the server message and Retry-After', async () => {
    const fetch = fakeFetch(({ url }) =>
      url.endsWith('/session')
        ? json(401, { message: 'Session ended' })
        : url.endsWith('/sessions')
          ? json(429, { message: 'Too many requests' }, { 'Retry-After': '30' })
          : new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const api = widgetApi('https://desk.example', fetch.impl);
    await expect(api.session('s1')).rejects.toMatchObject({ status: 401, message: 'Session ended', retryAfter: null });
    await expect(api.createSession({ tokenId: 'wpt_x' })).rejects.toMatchObject({ status: 429, retryAfter: 30 });
    await expect(api.end('s1')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('reports an unreachable server as status 0', async () => {
    const api = widgetApi('https://desk.example', (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    const error = await api.session('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
  });
});
