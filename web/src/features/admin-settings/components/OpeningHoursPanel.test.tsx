// @vitest-environment jsdom
import type { DepartmentHours, OpeningHours } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { openingHoursQueryKey } from '@/lib/opening-hours';
import { DepartmentHoursForm } from './DepartmentHoursForm';
import { OpeningHoursPanel } from './OpeningHoursPanel';

/*
 * A form of some 150 elements driven through a dozen edits per test: about a second each on an idle machine, several
 * on the shared 2-core one under a full parallel run. A test cut off mid-way leaves its act() open and fails the
 * tests after it, so each gets room.
 */
vi.setConfig({ testTimeout: 20_000 });

const nineToFive = [{ from: '09:00', to: '17:00' }];
const support: DepartmentHours = {
  departmentid: 'd-support',
  department_name: 'Support',
  always_open: false,
  week: { mon: nineToFive, tue: nineToFive, wed: [], thu: [], fri: [], sat: [], sun: [] },
  special_dates: [],
  first_response_min: 30,
  next_response_min: null,
  still_waiting_min: null,
};
const sales: DepartmentHours = { ...support, departmentid: 'd-sales', department_name: 'Sales', always_open: true };

let fetchStub: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // Save answers 200; the refetch after it never answers (the form keeps what was typed).
  fetchStub = vi.fn((_url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
      : new Promise<Response>(() => undefined),
  );
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TODAY = '2026-03-10';

/** One department's form, as the panel shows it under the department picker. */
function renderForm(hours: DepartmentHours = support) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DepartmentHoursForm hours={hours} timeZone="UTC" today={TODAY} draft={undefined} onDraft={() => undefined} />
    </QueryClientProvider>,
  );
}

/** The whole Settings → Opening hours panel (the time zone, the department picker and its form). */
function renderPanel(departments: DepartmentHours[] = [support, sales]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const hours: OpeningHours = { time_zone: 'UTC', departments };
  client.setQueryData(openingHoursQueryKey, hours);
  render(
    <QueryClientProvider client={client}>
      <OpeningHoursPanel />
    </QueryClientProvider>,
  );
}

/* Found by their labels rather than by role: role queries over a form this large take seconds in jsdom. */
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const time = field;
const setTime = (name: string, value: string) => fireEvent.change(time(name), { target: { value } });
/** An icon button by its label, or a text button by its words. */
const click = (name: string) =>
  fireEvent.click(screen.queryByLabelText(name) ?? screen.getByText(name).closest('button')!);
const week = () => screen.getByRole('region', { name: 'Weekly schedule' });
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const puts = () => fetchStub.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('Opening hours: a day’s intervals', () => {
  it('adds hours after the last ones, removes them, and says Closed when none are left', () => {
    renderForm();
    expect(time('Monday, hours 1, from').value).toBe('09:00');
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    click('Add hours for Monday');
    // An hour long, an hour after the last ones end.
    expect(time('Monday, hours 2, from').value).toBe('18:00');
    expect(time('Monday, hours 2, to').value).toBe('19:00');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    click('Remove Monday, hours 1');
    expect(time('Monday, hours 1, from').value).toBe('18:00');
    click('Remove Monday, hours 1');
    expect(screen.queryByLabelText('Monday, hours 1, from')).toBeNull();
    const monday = within(week()).getByText('Monday').closest('li')!;
    expect(within(monday).getByText('Closed')).toBeTruthy();
    // An empty day starts again at 9–5.
    click('Add hours for Monday');
    expect(time('Monday, hours 1, to').value).toBe('17:00');
  });

  it('copies Monday onto Tuesday to Friday; Open 24/7 hides the week and dates', () => {
    renderForm();
    setTime('Monday, hours 1, to', '12:00');
    click('Copy Monday to Tuesday–Friday');
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(time(`${day}, hours 1, to`).value).toBe('12:00');
    }
    expect(screen.queryByLabelText('Saturday, hours 1, from')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Open 24/7' }));
    expect(screen.queryByRole('region', { name: 'Weekly schedule' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Special dates' })).toBeNull();
  });
});

describe('Opening hours: checks before saving', () => {
  it('marks an end before its start and overlapping hours at their fields, and sends nothing', async () => {
    renderForm();
    setTime('Monday, hours 1, to', '08:00');
    click('Add hours for Tuesday');
    setTime('Tuesday, hours 2, from', '16:00');
    await save();

    expect(screen.getByText('Please correct the marked fields.')).toBeTruthy();
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    expect(time('Monday, hours 1, to').getAttribute('aria-invalid')).toBe('true');
    expect(time('Monday, hours 1, from').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('These hours overlap other hours of the same day.')).toBeTruthy();
    expect(time('Tuesday, hours 2, from').getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(0);

    // Fixed, it goes: the notice says so.
    setTime('Monday, hours 1, to', '17:00');
    setTime('Tuesday, hours 2, from', '18:00');
    await save();
    expect(await screen.findByText('Opening hours of Support saved.')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(screen.queryByText('The end must be after the start.')).toBeNull();
  });

  it('refuses a target that is not whole minutes', async () => {
    renderForm();
    fireEvent.change(field('First response (minutes)'), { target: { value: '2.5' } });
    await save();
    expect(screen.getByText('Enter whole minutes.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });
});

describe('Opening hours: dates of their own', () => {
  it('adds a date that starts today and closed all day, gives it hours, names it, and removes it', async () => {
    renderForm();
    const dates = () => screen.getByRole('region', { name: 'Special dates' });
    expect(within(dates()).getByText('No special dates.')).toBeTruthy();

    click('Add a date');
    expect(field('Name').value).toBe('');
    expect((within(dates()).getByLabelText('Date') as HTMLInputElement).value).toBe(TODAY);
    const closedAllDay = within(dates()).getByRole('checkbox', { name: 'Closed all day' }) as HTMLInputElement;
    expect(closedAllDay.checked).toBe(true);

    fireEvent.click(closedAllDay);
    fireEvent.change(field('Name'), { target: { value: 'Christmas' } });
    // Its hours are named after it, and start at 9–5.
    expect(time('Christmas, hours 1, from').value).toBe('09:00');
    expect(time('Christmas, hours 1, to').value).toBe('17:00');

    click('Remove Christmas');
    expect(within(dates()).getByText('No special dates.')).toBeTruthy();
  });

  it('refuses the same date twice', async () => {
    renderForm();
    click('Add a date');
    click('Add a date');
    await save();
    expect(screen.getByText('This date is already listed.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });
});

describe('Opening hours: departments', () => {
  it('keeps what was typed for a department while another one is shown', () => {
    renderPanel();
    click('Add hours for Monday');
    const choose = screen.getByRole('combobox', { name: 'Department' });
    fireEvent.change(choose, { target: { value: 'd-sales' } });
    expect((screen.getByRole('switch', { name: 'Open 24/7' }) as HTMLElement).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.change(choose, { target: { value: 'd-support' } });
    expect(time('Monday, hours 2, from').value).toBe('18:00');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
