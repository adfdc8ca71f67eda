import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE, EMPTY_WEEK, type OpeningHours } from '@kreechat/contract';
import { closedDepartments, openingWhen, zoneName } from './closed-now';

const nineToFive = [{ from: '09:00', to: '17:00' }];
const weekdays = { ...EMPTY_WEEK, mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive };
const targets = { first_response_min: null, next_response_min: null, still_waiting_min: null };
const hours: OpeningHours = {
  time_zone: 'Europe/Amsterdam',
  departments: [
    {
      departmentid: 'office',
      department_name: 'Office',
      always_open: false,
      week: weekdays,
      special_dates: [],
      ...targets,
    },
    { departmentid: 'always', department_name: 'Always', ...DEFAULT_SCHEDULE, ...targets },
    {
      departmentid: 'shut',
      department_name: 'Shut',
      always_open: false,
      week: EMPTY_WEEK,
      special_dates: [],
      ...targets,
    },
  ],
};
// Saturday 28 November 2026, noon in Amsterdam.
const saturday = new Date('2026-11-28T11:00:00Z');

describe('closed departments', () => {
  it('lists the shown departments closed now with their next opening; 24/7 ones never', () => {
    expect(closedDepartments(hours, 'all', saturday)).toEqual([
      { departmentid: 'office', name: 'Office', opensAt: new Date('2026-11-30T08:00:00Z') },
      { departmentid: 'shut', name: 'Shut', opensAt: null },
    ]);
    expect(closedDepartments(hours, 'office', saturday).map((d) => d.departmentid)).toEqual(['office']);
    expect(closedDepartments(hours, 'always', saturday)).toEqual([]);
    expect(closedDepartments(hours, null, saturday)).toEqual([]);
  });

  it('lists nothing while a department is open', () => {
    expect(closedDepartments(hours, 'office', new Date('2026-11-30T10:00:00Z'))).toEqual([]);
  });
});

describe('when a department opens, as the pending list says it', () => {
  it('names the weekday within the week, in the company’s zone, and the zone when it is not the viewer’s', () => {
    const monday = new Date('2026-11-30T08:00:00Z');
    expect(openingWhen(monday, saturday, 'en-GB', 'Europe/Amsterdam', 'Europe/Amsterdam')).toEqual({
      time: 'Mon 09:00',
      zone: null,
    });
    expect(openingWhen(monday, saturday, 'en-GB', 'Europe/Amsterdam', 'America/New_York')).toEqual({
      time: 'Mon 09:00',
      zone: 'Amsterdam',
    });
  });

  it('gives the time alone later today and the date beyond the week', () => {
    const earlyMonday = new Date('2026-11-30T06:00:00Z');
    expect(openingWhen(new Date('2026-11-30T08:00:00Z'), earlyMonday, 'en-GB', 'Europe/Amsterdam', 'UTC').time).toBe(
      '9:00',
    );
    expect(openingWhen(new Date('2026-12-24T08:00:00Z'), earlyMonday, 'en-GB', 'Europe/Amsterdam', 'UTC').time).toBe(
      '24 Dec, 9:00',
    );
  });

  it('counts two names of one zone as one, and names zones by their city', () => {
    expect(openingWhen(saturday, saturday, 'en-GB', 'Etc/UTC', 'UTC').zone).toBeNull();
    expect(zoneName('America/New_York')).toBe('New York');
    expect(zoneName('UTC')).toBe('UTC');
  });
});
