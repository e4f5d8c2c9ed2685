import {
  FLAG_PAGE_LIMIT,
  FLAG_SORTS,
  FLAG_STATUSES,
  FLAG_TYPES,
  type FlagListQuery,
  type FlagType,
} from '@tabula/protocol';

type FlagSort = (typeof FLAG_SORTS)[number];
type FlagStatus = (typeof FLAG_STATUSES)[number];

/** What the flags list shows, as the address keeps it so a filtered view can be shared and survives a reload. */
export interface FlagListState {
  search?: string;
  tag?: string;
  type?: FlagType;
  status: FlagStatus;
  /** With `enabled`: only flags on (or off) there. */
  environment?: string;
  enabled?: boolean;
  sort: FlagSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [20, 50, FLAG_PAGE_LIMIT];
const DEFAULTS: FlagListState = { status: 'active', sort: 'key', order: 'asc', page: 1, pageSize: 20 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

function positive(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** Reads the address; anything it does not understand falls back to the default. */
export function readListState(params: URLSearchParams): FlagListState {
  const environment = params.get('environment') || undefined;
  const enabled = oneOf(['on', 'off'], params.get('enabled'));
  return {
    search: params.get('search') || undefined,
    tag: params.get('tag') || undefined,
    type: oneOf(FLAG_TYPES, params.get('type')),
    status: oneOf(FLAG_STATUSES, params.get('status')) ?? DEFAULTS.status,
    environment,
    enabled: environment && enabled ? enabled === 'on' : undefined,
    sort: oneOf(FLAG_SORTS, params.get('sort')) ?? DEFAULTS.sort,
    order: oneOf(['asc', 'desc'], params.get('order')) ?? DEFAULTS.order,
    page: positive(params.get('page')) ?? DEFAULTS.page,
    pageSize: PAGE_SIZES.find((size) => size === positive(params.get('pageSize'))) ?? DEFAULTS.pageSize,
  };
}

/** The address of a state; defaults are left out, so the plain list has a plain address. */
export function writeListState(state: FlagListState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) params.set(name, String(value));
  };
  set('search', state.search);
  set('tag', state.tag);
  set('type', state.type);
  set('status', state.status, DEFAULTS.status);
  set('environment', state.environment);
  if (state.environment && state.enabled !== undefined) set('enabled', state.enabled ? 'on' : 'off');
  set('sort', state.sort, DEFAULTS.sort);
  set('order', state.order, DEFAULTS.order);
  set('page', state.page, DEFAULTS.page);
  set('pageSize', state.pageSize, DEFAULTS.pageSize);
  return params;
}

/** The list query the API takes for a state. */
export const toListQuery = (state: FlagListState): Partial<FlagListQuery> => ({
  search: state.search,
  tag: state.tag,
  type: state.type,
  status: state.status,
  environment: state.environment,
  enabled: state.environment ? state.enabled : undefined,
  sort: state.sort,
  order: state.order,
  limit: state.pageSize,
  offset: (state.page - 1) * state.pageSize,
});

/** A filter changed: back to the first page, where the new results begin. */
export const withFilter = (state: FlagListState, change: Partial<FlagListState>): FlagListState => ({
  ...state,
  ...change,
  page: 1,
});
