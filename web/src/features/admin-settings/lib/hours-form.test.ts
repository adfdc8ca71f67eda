import {
  DEFAULT_SCHEDULE,
  DEFAULT_TARGETS,
  INTERVAL_END_BEFORE_START,
  INTERVALS_OVERLAP,
  DUPLICATE_SPECIAL_DATE,
  type DepartmentHours,
  type Schedule,
} from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  checkHours,
  copyToWorkdays,
  departmentStatus,
  formOf,
  hoursChanged,
  intervalAfter,
  targetMinutes,
  type HoursForm,
} from './hours-form';

const hours = (overrides: Partial<DepartmentHours> = {}): DepartmentHours => ({
  departmentid: 'd1',
  department_name: 'Support',
  ...DEFAULT_SCHEDULE,
  ...DEFAULT_TARGETS,
  ...overrides,
});

const officeWeek: Schedule['week'] = {
  mon: [{ from: '09:00', to: '17:00' }],
  tue: [{ from: '09:00', to: '17:00' }],
  wed: [{ from: '09:00', to: '17:00' }],
  thu: [{ from: '09:00', to: '17:00' }],
  fri: [
    { from: '09:00', to: '12:00' },
    { from: '20:00', to: '24:00' },
  ],
  sat: [],
  sun: [],
};

describe('formOf and bodyOf', () => {
  it('round-trip a schedule, an interval to midnight reading 00:00 in the form', () => {
    const saved = hours({
      always_open: false,
      week: officeWeek,
      special_dates: [{ date: '2026-12-25', name: 'Christmas', yearly: true, intervals: [] }],
      first_response_min: 30,
      next_response_min: null,
      still_waiting_min: 10,
    });
    const form = formOf(saved);
    expect(form.week.fri[1]).toEqual({ from: '20:00', to: '00:00' });
    expect(form.first_response_min).toBe('30');
    expect(form.next_response_min).toBe('');
    const { departmentid: _id, department_name: _name, ...body } = saved;
    expect(bodyOf(form)).toEqual(body);
  });

  it('trims date names and reads empty minutes as no target', () => {
    const form: HoursForm = {
      ...formOf(hours()),
      special_dates: [{ key: 1, date: '2026-05-01', name: '  Labour Day ', yearly: false, intervals: [] }],
      first_response_min: ' ',
      still_waiting_min: ' 15 ',
    };
    const body = bodyOf(form);
    expect(body.special_dates[0]!.name).toBe('Labour Day');
    expect(body.first_response_min).toBeNull();
    expect(body.still_waiting_min).toBe(15);
  });
});

describe('hoursChanged', () => {
  const saved = hours({ always_open: false, week: officeWeek, first_response_min: 30 });

  it('is false for the form as loaded, and for spaces around a name or minutes', () => {
    const form = formOf(saved);
    expect(hoursChanged(saved, form)).toBe(false);
    expect(hoursChanged(saved, { ...form, first_response_min: ' 30 ' })).toBe(false);
  });

  it('sees an edited interval, target or switch', () => {
    const form = formOf(saved);
    expect(hoursChanged(saved, { ...form, week: { ...form.week, sun: [{ from: '10:00', to: '12:00' }] } })).toBe(true);
    expect(hoursChanged(saved, { ...form, first_response_min: '' })).toBe(true);
    expect(hoursChanged(saved, { ...form, always_open: true })).toBe(true);
  });
});

describe('checkHours', () => {
  const base = formOf(hours({ always_open: false, week: officeWeek }));

  it('answers the body when the contract accepts it', () => {
    const checked = checkHours(base);
    expect(checked.ok).toBe(true);
  });

  it("puts each problem at its field, with the contract's words", () => {
    const form: HoursForm = {
      ...base,
      week: {
        ...base.week,
        mon: [
          { from: '10:00', to: '09:00' },
          { from: '12:00', to: '14:00' },
          { from: '13:00', to: '15:00' },
        ],
      },
      special_dates: [
        { key: 1, date: '2026-12-25', name: '', yearly: true, intervals: [] },
        { key: 2, date: '2027-12-25', name: '', yearly: false, intervals: [] },
        { key: 3, date: '2026-02-30', name: '', yearly: false, intervals: [] },
      ],
      first_response_min: '2.5',
      next_response_min: '0',
      still_waiting_min: 'ten',
    };
    const checked = checkHours(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      'week.mon.0.to': INTERVAL_END_BEFORE_START,
      'week.mon.2.from': INTERVALS_OVERLAP,
      'special_dates.1.date': DUPLICATE_SPECIAL_DATE,
      'special_dates.2.date': 'Use a real date in the form YYYY-MM-DD',
      first_response_min: 'Enter whole minutes',
      next_response_min: 'At least 1 minute',
      still_waiting_min: 'Enter a number of minutes',
    });
  });

  it('accepts an evening to midnight, written as 00:00 in the form', () => {
    const form: HoursForm = { ...base, week: { ...base.week, sat: [{ from: '18:00', to: '00:00' }] } };
    expect(checkHours(form).ok).toBe(true);
  });
});

describe('copyToWorkdays', () => {
  it("gives Monday to Friday the chosen day's intervals and leaves the weekend", () => {
    const form = formOf(hours({ always_open: false, week: { ...officeWeek, sat: [{ from: '10:00', to: '14:00' }] } }));
    const copied = copyToWorkdays(form, 'sat');
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri'] as const) {
      expect(copied.week[day]).toEqual([{ from: '10:00', to: '14:00' }]);
    }
    expect(copied.week.sun).toEqual([]);
    // Copies, not the same objects: editing Tuesday later leaves Saturday alone.
    expect(copied.week.tue[0]).not.toBe(copied.week.sat[0]);
  });
});

describe('intervalAfter', () => {
  it('starts 9–5 on an empty day', () => {
    expect(intervalAfter([])).toEqual({ from: '09:00', to: '17:00' });
  });

  it('adds an hour an hour after the last one, ending at midnight at the latest', () => {
    expect(intervalAfter([{ from: '09:00', to: '12:00' }])).toEqual({ from: '13:00', to: '14:00' });
    expect(intervalAfter([{ from: '09:00', to: '22:30' }])).toEqual({ from: '22:30', to: '23:30' });
    expect(intervalAfter([{ from: '09:00', to: '23:00' }])).toEqual({ from: '23:00', to: '00:00' });
  });
});

describe('departmentStatus', () => {
  const zoned = { timeZone: 'Europe/Amsterdam', schedule: { always_open: false, week: officeWeek, special_dates: [] } };

  it('is always open 24/7', () => {
    expect(departmentStatus({ timeZone: 'UTC', schedule: DEFAULT_SCHEDULE }, new Date('2026-07-01T00:00:00Z'))).toEqual(
      { kind: 'always' },
    );
  });

  it('says when an open department closes, in the zone of the schedule', () => {
    // Wednesday 1 July 2026, 12:00 in Amsterdam (UTC+2).
    expect(departmentStatus(zoned, new Date('2026-07-01T10:00:00Z'))).toEqual({
      kind: 'open',
      closes: new Date('2026-07-01T15:00:00Z'),
    });
  });

  it('says when a closed department opens, across the weekend', () => {
    // Saturday 4 July 2026: Friday's evening has ended, Monday 09:00 comes next.
    expect(departmentStatus(zoned, new Date('2026-07-04T10:00:00Z'))).toEqual({
      kind: 'closed',
      opens: new Date('2026-07-06T07:00:00Z'),
    });
  });

  it('has no next opening when no day has hours', () => {
    const never = { timeZone: 'UTC', schedule: { always_open: false, week: formOf(hours()).week, special_dates: [] } };
    expect(departmentStatus(never, new Date('2026-07-04T10:00:00Z'))).toEqual({ kind: 'closed', opens: null });
  });
});

describe('targetMinutes', () => {
  it('reads whole positive minutes', () => {
    expect(targetMinutes(' 150 ')).toBe(150);
    expect(targetMinutes('45')).toBe(45);
  });

  it('is null for what is not a target', () => {
    expect(targetMinutes('')).toBeNull();
    expect(targetMinutes('0')).toBeNull();
    expect(targetMinutes('1.5')).toBeNull();
  });
});
