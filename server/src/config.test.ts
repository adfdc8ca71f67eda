import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3003,
      host: '127.0.0.1',
      sessionTtlMs: 12 * 3600_000,
      databaseUrl: undefined,
    });
    expect(config.telegramApiRoot).toBe('https://api.telegram.org');
    expect(config.pushEndpointHosts).toContain('fcm.googleapis.com');
  });

  it('parses durations, lists and URLs', () => {
    const config = loadConfig({
      SESSION_TTL: '30m',
      PUSH_ENDPOINT_HOSTS: 'a.test, 127.0.0.1',
      PUBLIC_URL: 'https://desk.test/',
    });
    expect(config.sessionTtlMs).toBe(30 * 60_000);
    expect(config.pushEndpointHosts).toEqual(['a.test', '127.0.0.1']);
    expect(config.publicUrl).toBe('https://desk.test');
    expect(config.vapid.subject).toBe('https://desk.test');
  });

  it('takes the VAPID subject from the mail sender when the site is not public over https', () => {
    expect(loadConfig({ MAIL_FROM: 'Desk <help@desk.test>' }).vapid.subject).toBe('mailto:help@desk.test');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@desk.test' }).vapid.subject).toBe('mailto:ops@desk.test');
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['SESSION_TTL', 'forever'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['PUSH_ENDPOINT_HOSTS', 'fcm.googleapis.com, http://evil.test'],
    ['PUSH_ENDPOINT_HOSTS', '*'],
    ['VAPID_SUBJECT', 'http://desk.test'],
    ['VAPID_PRIVATE_KEY', 'only-one-half'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
