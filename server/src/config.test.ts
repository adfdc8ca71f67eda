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

  it('reads the storage quotas as sizes in 1024s (50MB, 2GB and 20GB by default) and refuses what is no size', () => {
    expect(loadConfig({}).quotas).toEqual({
      senderDayBytes: 50 * 2 ** 20,
      channelDayBytes: 2 * 2 ** 30,
      companyBytes: 20 * 2 ** 30,
    });
    const set = loadConfig({ QUOTA_SESSION_DAY: '100MB', QUOTA_SITE_DAY: '1.5 gb', QUOTA_COMPANY: '2TB' }).quotas;
    expect(set).toEqual({ senderDayBytes: 100 * 2 ** 20, channelDayBytes: 1.5 * 2 ** 30, companyBytes: 2 * 2 ** 40 });
    expect(() => loadConfig({ QUOTA_COMPANY: 'lots' })).toThrow(/QUOTA_COMPANY: must be a size such as 50MB/);
    expect(() => loadConfig({ QUOTA_SESSION_DAY: '10kB' })).toThrow(/QUOTA_SESSION_DAY: must be at least 1MB/);
  });

  it('takes the VAPID subject from the mail sender when the site is not public over https', () => {
    expect(loadConfig({ MAIL_FROM: 'Desk <help@desk.test>' }).vapid.subject).toBe('mailto:help@desk.test');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@desk.test' }).vapid.subject).toBe('mailto:ops@desk.test');
  });

  it('takes no proxy by default, a hop count, or proxy addresses and CIDRs for TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1,2001:db8::/32 ,::ffff:10.1.0.0/112' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      '2001:db8::/32',
      '::ffff:10.1.0.0/112',
    ]);
  });

  it.each(['true', 'TRUE', 'all', '*'])('refuses TRUST_PROXY=%s at start, saying what to write instead', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: .*any client writes.*TRUST_PROXY=1.*TRUST_PROXY=127\.0\.0\.1/,
    );
  });

  it.each([
    '0.0.0.0/0',
    '::/0',
    '10.0.0.1, 0.0.0.0/1',
    '128.0.0.0/1',
    '1.0.0.0/7',
    '2000::/3',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/96',
    '::ffff:64.0.0.0/98',
    '::/80',
  ])('refuses TRUST_PROXY=%s at start: a range of nearly everyone makes X-Forwarded-For spoofable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: .*nearly every address.*any client writes.*TRUST_PROXY=127\.0\.0\.1/,
    );
  });

  it('takes the widest private ranges a proxy may sit in: 10.0.0.0/8, fc00::/7, a mapped /8', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,fc00::/7,::ffff:10.0.0.0/104,fe80::/10' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fc00::/7',
      '::ffff:10.0.0.0/104',
      'fe80::/10',
    ]);
  });

  it('takes SECRETS_KEY as 32 bytes in base64 or hex, and never repeats it in an error', () => {
    const hex = 'a1'.repeat(32);
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRETS_KEY: base64 }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: 'my-secret-passphrase' })).toThrow(
      /SECRETS_KEY: must be 32 bytes in base64 \(openssl rand -base64 32\) or 64 hex characters/,
    );
    expect(() => loadConfig({ SECRETS_KEY: 'my-secret-passphrase' })).not.toThrow(/my-secret-passphrase/);
  });

  it.each([
    ['TRUST_PROXY', 'loopback'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '2001:db8::/129'],
    ['TRUST_PROXY', '127.0.0.1, proxy.internal'],
    ['TRUST_PROXY', '-1'],
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['SESSION_TTL', 'forever'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['PUSH_ENDPOINT_HOSTS', 'fcm.googleapis.com, http://evil.test'],
    ['PUSH_ENDPOINT_HOSTS', '*'],
    ['VAPID_SUBJECT', 'http://desk.test'],
    ['VAPID_PRIVATE_KEY', 'only-one-half'],
    ['SECRETS_KEY', 'hunter2'],
    ['SECRETS_KEY', 'c2hvcnQga2V5IG9mIDE2IGI='],
    ['SECRETS_KEY', 'ab'.repeat(31)],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
