import { describe, expect, it } from 'vitest';
import { filterTimeZones, offsetLabel, timeZoneNames, timeZoneOptions } from './time-zones';

const SUMMER = new Date('2026-07-01T12:00:00Z');
const WINTER = new Date('2026-01-15T12:00:00Z');

describe('timeZoneNames', () => {
  it('adds UTC and the current zone, sorted, without duplicates', () => {
    expect(timeZoneNames('Asia/Calcutta', ['Europe/Amsterdam', 'America/New_York', 'Europe/Amsterdam'])).toEqual([
      'America/New_York',
      'Asia/Calcutta',
      'Europe/Amsterdam',
      'UTC',
    ]);
  });

  it("lists the browser's zones by default", () => {
    expect(timeZoneNames(null)).toContain('Europe/Amsterdam');
  });
});

describe('offsetLabel', () => {
  it('follows summer time by the zone rules', () => {
    expect(offsetLabel('Europe/Amsterdam', WINTER)).toBe('UTC+01:00');
    expect(offsetLabel('Europe/Amsterdam', SUMMER)).toBe('UTC+02:00');
    expect(offsetLabel('America/New_York', WINTER)).toBe('UTC−05:00');
  });

  it('writes half hours and zero', () => {
    expect(offsetLabel('Asia/Kolkata', SUMMER)).toBe('UTC+05:30');
    expect(offsetLabel('UTC', SUMMER)).toBe('UTC±00:00');
  });

  it('is empty for a zone the runtime does not know', () => {
    expect(offsetLabel('Mars/Olympus_Mons', SUMMER)).toBe('');
  });
});

describe('filterTimeZones', () => {
  const options = timeZoneOptions(
    ['America/New_York', 'Asia/Kolkata', 'Europe/Amsterdam', 'Europe/London', 'Pacific/Auckland', 'UTC'],
    WINTER,
  );
  const zones = (query: string) => filterTimeZones(options, query).map((o) => o.zone);

  it('matches words of the name in any case, underscores as spaces', () => {
    expect(zones('new york')).toEqual(['America/New_York']);
    expect(zones('NEW_YORK')).toEqual(['America/New_York']);
    expect(zones('europe lon')).toEqual(['Europe/London']);
  });

  it('matches the offset, with a typed minus', () => {
    expect(zones('+05:30')).toEqual(['Asia/Kolkata']);
    expect(zones('utc-05')).toEqual(['America/New_York']);
  });

  it('puts zones whose city starts with the word first', () => {
    // "am" is inside America/… and is the start of Amsterdam.
    expect(zones('am')).toEqual(['Europe/Amsterdam', 'America/New_York']);
  });

  it('answers everything for an empty query and nothing for a miss', () => {
    expect(zones('  ')).toHaveLength(6);
    expect(zones('atlantis')).toEqual([]);
  });
});
