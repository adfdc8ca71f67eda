import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '@kreechat/contract';
import { ApiError, BAD_RESPONSE_STATUS, NETWORK_ERROR_STATUS, api, errorMessage, onUnauthorized } from './api-client';

function answer(status: number, body: unknown) {
  const fetchStub = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with credentials to /api and an empty object for a body-less POST', async () => {
    const fetchStub = answer(200, { message: 'ok' });
    await api.post('/reset-notifications-count');
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/reset-notifications-count',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{}' }),
    );
    const init = fetchStub.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('uploads multipart forms without forcing a JSON content type', async () => {
    const fetchStub = answer(200, { message: 'ok' });
    const form = new FormData();
    form.append('ticketid', 'abc');
    await api.upload('/send-file', form);
    const init = fetchStub.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('sends no body on GET', async () => {
    const fetchStub = answer(200, {});
    await api.get('/auth/validate');
    expect((fetchStub.mock.calls[0]?.[1] as RequestInit | undefined)?.body).toBeUndefined();
  });

  it("throws ApiError with the server's status and message", async () => {
    answer(429, { message: 'Too many attempts, wait a minute' });
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many attempts, wait a minute' });
    expect(errorMessage(error, 'fallback')).toBe('Too many attempts, wait a minute');
  });

  it('falls back when the error has no message', async () => {
    answer(500, undefined);
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500 });
    expect(errorMessage(error, 'Failed to reset password')).toBe('Failed to reset password');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ status: NETWORK_ERROR_STATUS });
  });

  it('rejects a 2xx body that breaks the contract', async () => {
    answer(200, { user: {} });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api.post('/auth/login', {}, loginResponseSchema)).rejects.toMatchObject({
      status: BAD_RESPONSE_STATUS,
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('parses with an asynchronous parser, and passes on its own ApiError (schemas that could not be fetched)', async () => {
    answer(200, { n: 1 });
    const lazy = { parse: async (data: unknown) => data as { n: number } };
    await expect(api.get('/count', lazy)).resolves.toEqual({ n: 1 });
    const away = {
      parse: async (): Promise<never> => {
        throw new ApiError(NETWORK_ERROR_STATUS, 'No response received from server.');
      },
    };
    await expect(api.get('/count', away)).rejects.toMatchObject({ status: NETWORK_ERROR_STATUS });
  });

  it('tells the registered handler about a 401, and only while registered', async () => {
    const handler = vi.fn();
    const remove = onUnauthorized(handler);
    answer(401, { message: 'Not logged in' });
    await api.get('/auth/profile').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
    await api.get('/auth/profile').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
