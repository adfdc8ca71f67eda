import { describe, expect, it } from 'vitest';
import { searchView } from './search-view';

describe('search view (SPEC §8)', () => {
  it("says 'No search results found' only while a search with nothing to show runs", () => {
    expect(searchView({ shown: 0, fetching: true, failed: false })).toBe('searching');
    expect(searchView({ shown: 0, fetching: false, failed: false })).toBe('none');
  });

  it('keeps showing results, even while the next search runs', () => {
    expect(searchView({ shown: 3, fetching: true, failed: false })).toBe('results');
    expect(searchView({ shown: 3, fetching: false, failed: false })).toBe('results');
  });

  it('reports a failed search once no retry is running', () => {
    expect(searchView({ shown: 3, fetching: false, failed: true })).toBe('failed');
    expect(searchView({ shown: 0, fetching: true, failed: true })).toBe('searching');
  });
});
