/**
 * What a column shows for its search (SPEC §8 names two red messages):
 * - `searching`: 'No search results found' with the searching indicator — a search runs and nothing is there to
 *   show yet (the first search, or one after a search that found nothing): the answer is not in;
 * - `none`: 'No tickets found!' — the server answered that nothing matches the keyword;
 * - `results`: the tickets (the previous ones, dimmed, while a later search runs);
 * - `failed`: the search itself failed (retry).
 */
export type SearchView = 'searching' | 'none' | 'results' | 'failed';

export function searchView(state: { shown: number; fetching: boolean; failed: boolean }): SearchView {
  if (state.failed && !state.fetching) return 'failed';
  if (state.shown > 0) return 'results';
  return state.fetching ? 'searching' : 'none';
}
