import { describe, expect, it } from 'vitest';
import { endpointAllowed } from './push.endpoint';

const RULES = ['fcm.googleapis.com', '*.notify.windows.com', '127.0.0.1:8443'];

describe('endpointAllowed', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://FCM.googleapis.com:443/fcm/send/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
    'https://a.b.notify.windows.com/w',
    'https://127.0.0.1:8443/push/1',
  ])('allows %s', (endpoint) => {
    expect(endpointAllowed(endpoint, RULES)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/x'],
    ['the wildcard domain itself', 'https://notify.windows.com/w'],
    ['a look-alike of the wildcard', 'https://evilnotify.windows.com/w'],
    ['a suffix trick', 'https://fcm.googleapis.com.evil.test/x'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/x'],
    ['an allowed host on the default port when only a port is allowed', 'https://127.0.0.1/push/1'],
    ['a trailing-dot host', 'https://fcm.googleapis.com./x'],
    ['no URL at all', 'fcm.googleapis.com'],
  ])('refuses %s', (_case, endpoint) => {
    expect(endpointAllowed(endpoint, RULES)).toBe(false);
  });
});
