import { describe, expect, it } from 'vitest';
import { WORDPRESS_TOKEN_NAME_MAX, type WordpressToken } from '@kreechat/contract';
import { ApiError, BAD_RESPONSE_STATUS, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import { checkTokenForm, deleteTokenPath, sitesByActivity, withWarningMark, wpTokenFailure } from './wordpress-tokens';

const refusal = (status: number, message: string) => new ApiError(status, message, { message });

describe('checkTokenForm (SPEC §5)', () => {
  it('trims the name and reduces the address to its origin', () => {
    expect(checkTokenForm({ tokenName: '  Main shop ', siteUrl: ' Shop.Example.com:443/cart?x=1 ' })).toEqual({
      ok: true,
      body: { tokenName: 'Main shop', siteUrl: 'https://shop.example.com' },
    });
    expect(checkTokenForm({ tokenName: 'Dev', siteUrl: 'http://localhost:8080/' })).toEqual({
      ok: true,
      body: { tokenName: 'Dev', siteUrl: 'http://localhost:8080' },
    });
  });

  it("says 'Invalid token name!' for an empty or blank name, and checks the address beside it", () => {
    expect(checkTokenForm({ tokenName: '   ', siteUrl: 'https://example.com' })).toEqual({
      ok: false,
      problems: { tokenName: 'invalidName' },
    });
    expect(checkTokenForm({ tokenName: '', siteUrl: '' })).toEqual({
      ok: false,
      problems: { tokenName: 'invalidName', siteUrl: 'invalidSite' },
    });
  });

  it('tells a name that is too long from a missing one', () => {
    const long = 'x'.repeat(WORDPRESS_TOKEN_NAME_MAX + 1);
    expect(checkTokenForm({ tokenName: long, siteUrl: 'example.com' })).toEqual({
      ok: false,
      problems: { tokenName: 'nameTooLong' },
    });
    expect(checkTokenForm({ tokenName: 'x'.repeat(WORDPRESS_TOKEN_NAME_MAX), siteUrl: 'example.com' }).ok).toBe(true);
  });

  it('refuses addresses that are not http(s) sites', () => {
    for (const siteUrl of [
      'ftp://example.com',
      'https://',
      'exa mple.com',
      'https://example..com',
      'https://a.com:0',
    ]) {
      expect(checkTokenForm({ tokenName: 'Shop', siteUrl }), siteUrl).toEqual({
        ok: false,
        problems: { siteUrl: 'invalidSite' },
      });
    }
  });
});

describe('withWarningMark (SPEC §8)', () => {
  it('puts the mark before the text once', () => {
    expect(withWarningMark('Token limit reached')).toBe('⚠️ Token limit reached');
    expect(withWarningMark(' ⚠️ Already marked ')).toBe('⚠️ Already marked');
  });
});

describe('wpTokenFailure (SPEC §8)', () => {
  it("turns the contract's own texts into keys, so they are shown in the admin's language", () => {
    expect(wpTokenFailure(refusal(404, '⚠️ Invalid token!'), 'deleteFailed')).toEqual({
      kind: 'known',
      key: 'invalidToken',
    });
    expect(wpTokenFailure(refusal(400, 'Invalid token name!'), 'invalidResponse')).toEqual({
      kind: 'known',
      key: 'invalidName',
    });
    expect(wpTokenFailure(refusal(400, 'Enter the site address, like https://example.com'), 'invalidResponse')).toEqual(
      { kind: 'known', key: 'invalidSite' },
    );
    // The same text without its mark is still the same message.
    expect(wpTokenFailure(refusal(400, 'Failed to delete token!'), 'loadFailed')).toEqual({
      kind: 'known',
      key: 'deleteFailed',
    });
  });

  it("shows any other refusal's text with a warning mark", () => {
    expect(wpTokenFailure(refusal(409, 'A token with this name exists'), 'invalidResponse')).toEqual({
      kind: 'server',
      text: '⚠️ A token with this name exists',
    });
  });

  it('says the answer was invalid when it does not match the contract', () => {
    expect(
      wpTokenFailure(new ApiError(BAD_RESPONSE_STATUS, 'Unexpected response from server.', {}), 'loadFailed'),
    ).toEqual({ kind: 'known', key: 'invalidResponse' });
  });

  it("falls back when there is no answer, no text, or the server's own failure", () => {
    expect(
      wpTokenFailure(new ApiError(NETWORK_ERROR_STATUS, 'No response received from server.'), 'loadFailed'),
    ).toEqual({ kind: 'known', key: 'loadFailed' });
    expect(wpTokenFailure(new ApiError(403, 'Forbidden', null), 'deleteFailed')).toEqual({
      kind: 'known',
      key: 'deleteFailed',
    });
    expect(wpTokenFailure(refusal(500, 'Internal server error'), 'deleteFailed')).toEqual({
      kind: 'known',
      key: 'deleteFailed',
    });
    expect(wpTokenFailure(new Error('boom'), 'loadFailed')).toEqual({ kind: 'known', key: 'loadFailed' });
  });
});

describe('deleteTokenPath', () => {
  const id = 'wpt_AbCdEfGhIjKlMnOp_-12';

  it('encodes the creation date as one path segment', () => {
    expect(deleteTokenPath(id, '2026-03-01T10:15:30.123+00:00')).toBe(
      `/delete-wordpress-token/${id}/2026-03-01T10%3A15%3A30.123%2B00%3A00`,
    );
    expect(deleteTokenPath(id, '2026-03-01 10:15/x')).toBe(`/delete-wordpress-token/${id}/2026-03-01%2010%3A15%2Fx`);
  });

  it('is null for what the server would refuse', () => {
    expect(deleteTokenPath('wpt_short', '2026-03-01T10:15:30Z')).toBeNull();
    expect(deleteTokenPath('../../admin/x', '2026-03-01T10:15:30Z')).toBeNull();
    expect(deleteTokenPath(id, '')).toBeNull();
  });
});

describe('sitesByActivity', () => {
  const token = (token_name: string, last_seen_at: string | null, active_sessions = 0): WordpressToken => ({
    token_name,
    token_id: `wpt_${token_name.padEnd(16, '0')}`,
    created_by_name: 'Grace Hopper',
    created_at: '2026-01-01T00:00:00.000Z',
    site_origin: `https://${token_name}.example`,
    last_seen_at,
    active_sessions,
  });

  it('puts sites with open sessions first, then the most recently seen, then the never seen by name', () => {
    const sites = [
      token('never-b', null),
      token('old', '2026-01-02T00:00:00.000Z'),
      token('never-a', null),
      token('live', '2026-01-01T00:00:00.000Z', 2),
      token('recent', '2026-02-01T00:00:00.000Z'),
    ];
    expect(sitesByActivity(sites).map((s) => s.token_name)).toEqual(['live', 'recent', 'old', 'never-a', 'never-b']);
    // The input is left as it was.
    expect(sites[0]?.token_name).toBe('never-b');
  });
});
