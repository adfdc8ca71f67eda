import { describe, expect, it } from 'vitest';
import { filtersToQuery, hasFilters, readFilters } from './filters';

const read = (query: string) => readFilters(new URLSearchParams(query));
const DEPT = '4b0b2c1e-8f3a-4c55-9a57-3c1f0a2b9d10';

describe('readFilters / filtersToQuery', () => {
  it('reads defaults from an empty URL and writes nothing back', () => {
    expect(read('')).toEqual({ date_field: 'created', sort: 'updated', dir: 'desc' });
    expect(filtersToQuery(read(''))).toBe('');
    expect(hasFilters(read(''))).toBe(false);
  });

  it('round-trips every filter and the order in one fixed order', () => {
    const query = `stage=pending%2Cclosed&platform=whatsapp&department=${DEPT}&agent=none&date_field=updated&from=2026-03-01&to=2026-03-31&sort=client&dir=asc`;
    const filters = read(query);
    expect(filters).toEqual({
      stage: ['pending', 'closed'],
      platform: ['whatsapp'],
      department: DEPT,
      agent: 'none',
      date_field: 'updated',
      from: '2026-03-01',
      to: '2026-03-31',
      sort: 'client',
      dir: 'asc',
    });
    expect(filtersToQuery(filters)).toBe(query);
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(read('sort=client&dir=asc'))).toBe(false);
  });

  it('drops only the bad parts of a hand-edited link', () => {
    expect(read('stage=open&platform=telegram&sort=password&dir=up&department=x&from=2026-02-30')).toEqual({
      platform: ['telegram'],
      date_field: 'created',
      sort: 'updated',
      dir: 'desc',
    });
    // A range the wrong way round keeps its start; the date column is sent only with a range.
    expect(filtersToQuery(read('from=2026-03-05&to=2026-03-01&date_field=updated'))).toBe(
      'date_field=updated&from=2026-03-05',
    );
    expect(filtersToQuery(read('date_field=updated'))).toBe('');
  });
});
