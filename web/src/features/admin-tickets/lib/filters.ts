import {
  adminTicketsQuerySchema,
  type AdminTicketsDateField,
  type AdminTicketsSort,
  type Platform,
  type SortDirection,
  type TicketStage,
} from '@kreechat/contract';

/** What the table asks for: the URL's search params, read once, each value valid or left out. */
export type TicketFilters = {
  stage?: TicketStage[];
  platform?: Platform[];
  department?: string;
  agent?: string;
  date_field: AdminTicketsDateField;
  from?: string;
  to?: string;
  sort: AdminTicketsSort;
  dir: SortDirection;
};

/** The keys that narrow the rows ("Clear filters" removes these; the order stays). */
export const FILTER_KEYS = ['stage', 'platform', 'department', 'agent', 'date_field', 'from', 'to'] as const;
const KEYS = [...FILTER_KEYS, 'sort', 'dir'] as const;
type Key = (typeof KEYS)[number];

const DEFAULTS = { date_field: 'created', sort: 'updated', dir: 'desc' } as const;

/**
 * The filters and order in a URL's search params. Each value is checked with the server's own schema, key by key:
 * a hand-edited or outdated link loses only its bad part (and never earns a 400 for the whole table).
 */
export function readFilters(params: URLSearchParams): TicketFilters {
  const shape = adminTicketsQuerySchema.shape;
  const raw = (key: Key) => params.get(key) || undefined;
  // An absent or bad value parses as the key's default (or undefined): the schema's own `optional`/`default`.
  const ok = <T>(result: { success: true; data: T } | { success: false }, fallback: T) =>
    result.success ? result.data : fallback;
  const filters: TicketFilters = {
    stage: ok(shape.stage.safeParse(raw('stage')), undefined),
    platform: ok(shape.platform.safeParse(raw('platform')), undefined),
    department: ok(shape.department.safeParse(raw('department')), undefined),
    agent: ok(shape.agent.safeParse(raw('agent')), undefined),
    date_field: ok(shape.date_field.safeParse(raw('date_field')), DEFAULTS.date_field),
    from: ok(shape.from.safeParse(raw('from')), undefined),
    to: ok(shape.to.safeParse(raw('to')), undefined),
    sort: ok(shape.sort.safeParse(raw('sort')), DEFAULTS.sort),
    dir: ok(shape.dir.safeParse(raw('dir')), DEFAULTS.dir),
  };
  // A range the wrong way round would be refused whole by the server: keep its start only.
  if (filters.from && filters.to && filters.from > filters.to) filters.to = undefined;
  return filters;
}

/** The query string the API gets (and the URL keeps): defaults and empty values left out, in one fixed order. */
export function filtersToQuery(filters: TicketFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    // The date column matters only with a range.
    if (key === 'date_field' && !filters.from && !filters.to) continue;
    const text = Array.isArray(value) ? value.join(',') : value;
    if (key in DEFAULTS && DEFAULTS[key as keyof typeof DEFAULTS] === text) continue;
    params.set(key, text);
  }
  return params.toString();
}

/** Whether any filter narrows the rows (the order alone does not). */
export function hasFilters(filters: TicketFilters): boolean {
  return Boolean(
    filters.stage?.length ||
    filters.platform?.length ||
    filters.department ||
    filters.agent ||
    filters.from ||
    filters.to,
  );
}
