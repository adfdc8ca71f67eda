import { describe, expect, it } from 'vitest';
import { formatNextOpening } from './next-opening';

// Saturday 7 March 2026, 23:00 in Amsterdam (22:00 UTC, winter time).
const now = new Date('2026-03-07T22:00:00Z');

describe('formatNextOpening', () => {
  it("names the weekday and the time on the company's clock, in the client's language", () => {
    const monday = new Date('2026-03-09T08:00:00Z'); // 09:00 in Amsterdam
    expect(formatNextOpening(monday, now, { language: 'en', timeZone: 'Europe/Amsterdam' })).toBe(
      'Monday, 09:00 Netherlands Time',
    );
    const ru = formatNextOpening(monday, now, { language: 'ru', timeZone: 'Europe/Amsterdam' });
    expect(ru).toContain('понедельник');
    expect(ru).toContain('09:00');
  });

  it('follows the zone, not the server: the same instant is another hour in New York', () => {
    const monday = new Date('2026-03-09T13:00:00Z'); // 09:00 in New York (summer time since 8 March)
    expect(formatNextOpening(monday, now, { language: 'en', timeZone: 'America/New_York' })).toContain('Monday, 09:00');
  });

  it('adds the date when the opening is more than six days away', () => {
    const later = new Date('2026-03-20T08:00:00Z');
    const text = formatNextOpening(later, now, { language: 'en', timeZone: 'Europe/Amsterdam' });
    expect(text).toContain('Friday');
    expect(text).toContain('March 20');
    expect(text).toContain('09:00');
  });

  it('is empty when the department does not open again', () => {
    expect(formatNextOpening(null, now, { language: 'en', timeZone: 'UTC' })).toBe('');
  });
});
