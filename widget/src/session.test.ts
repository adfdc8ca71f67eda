import { describe, expect, it } from 'vitest';
import { decideSession, identityEmail } from './session';

/** An identity as the plugin signs it (the signature is not checked by the widget). */
const identity = (email: string, name = 'Ann') =>
  `${Buffer.from(JSON.stringify({ v: 1, tokenId: 'wpt_x', email, name, exp: 1 })).toString('base64url')}.${'ab'.repeat(32)}`;

const verified = (email: string) => ({ email, verified: true });
const guest = (email: string) => ({ email, verified: false });

describe('identityEmail', () => {
  it('reads the e-mail of a signed identity, names in any script included', () => {
    expect(identityEmail(identity('ann@example.com', 'Анна 山田'))).toBe('ann@example.com');
  });

  it('is null for anything else', () => {
    expect(identityEmail('not-base64!.sig')).toBeNull();
    expect(identityEmail(`${Buffer.from('[1]').toString('base64url')}.sig`)).toBeNull();
    expect(identityEmail(`${Buffer.from('{"email":""}').toString('base64url')}.sig`)).toBeNull();
    expect(identityEmail('')).toBeNull();
  });
});

describe('decideSession', () => {
  it('reuses the stored session of the same verified e-mail, whatever its case', () => {
    expect(decideSession(verified('Ann@Example.com'), identity('ann@example.com'))).toEqual({ kind: 'reuse' });
  });

  it('starts a verified session when another user logged in, or a guest logged in', () => {
    expect(decideSession(verified('bob@example.com'), identity('ann@example.com'))).toEqual({ kind: 'verify' });
    expect(decideSession(guest('ann@example.com'), identity('ann@example.com'))).toEqual({ kind: 'verify' });
    expect(decideSession(null, identity('ann@example.com'))).toEqual({ kind: 'verify' });
    // An identity the widget cannot read is still sent: the server decides.
    expect(decideSession(verified('ann@example.com'), 'garbage')).toEqual({ kind: 'verify' });
  });

  it('keeps a guest session across reloads while nobody is logged in', () => {
    expect(decideSession(guest('g@example.com'), null)).toEqual({ kind: 'reuse' });
  });

  it('never shows a verified session once its user logged out (or the identity call failed)', () => {
    expect(decideSession(verified('ann@example.com'), null)).toEqual({ kind: 'guest' });
    expect(decideSession(null, null)).toEqual({ kind: 'guest' });
  });
});
