import {
  FLAG_PAGE_LIMIT,
  FLAG_SORTS,
  FLAG_STATUSES,
  FLAG_TYPES,
  type FlagListQuery,
  type FlagType,
} from '@tabula/protocol';
import { oneOf, positiveInt, toSearchParams } from '../../../components/list-kit/url-params';

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
  /** Only potentially stale flags. */
  stale?: boolean;
  sort: FlagSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [20, 50, FLAG_PAGE_LIMIT];
const DEFAULTS: FlagListState = { status: 'active', sort: 'key', order: 'asc', page: 1, pageSize: 20 };

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
    stale: params.get('stale') === 'true' || undefined,
    sort: oneOf(FLAG_SORTS, params.get('sort')) ?? DEFAULTS.sort,
    order: oneOf(['asc', 'desc'], params.get('order')) ?? DEFAULTS.order,
    page: positiveInt(params.get('page')) ?? DEFAULTS.page,
    pageSize: PAGE_SIZES.find((size) => size === positiveInt(params.get('pageSize'))) ?? DEFAULTS.pageSize,
  };
}

/** The address of a state; defaults are left out, so the plain list has a plain address. */
export const writeListState = (state: FlagListState): URLSearchParams =>
  toSearchParams(
    {
      ...state,
      // Only with its environment: "on" alone says nothing.
      enabled: state.environment && state.enabled !== undefined ? (state.enabled ? 'on' : 'off') : undefined,
      stale: state.stale ? 'true' : undefined,
    },
    DEFAULTS,
  );

/** The list query the API takes for a state. */
export const toListQuery = (state: FlagListState): Partial<FlagListQuery> => ({
  search: state.search,
  tag: state.tag,
  type: state.type,
  status: state.status,
  environment: state.environment,
  enabled: state.environment ? state.enabled : undefined,
  stale: state.stale || undefined,
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
