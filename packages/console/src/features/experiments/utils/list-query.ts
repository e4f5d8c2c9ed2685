import { EXPERIMENT_KINDS, EXPERIMENT_SORTS, EXPERIMENT_STATUSES } from '@tabula/protocol';
import { oneOf, readOffsetQuery, toSearchParams } from '../../../components/list-kit/url-params';
import type { ExperimentsQuery } from '../api/get-experiments';

/** The experiments list as the address keeps it; "all statuses" is the plain list. */
export const readExperimentsQuery = (params: URLSearchParams): ExperimentsQuery => ({
  ...readOffsetQuery(params, EXPERIMENT_SORTS),
  status: oneOf([...EXPERIMENT_STATUSES, 'all'] as const, params.get('status')),
  kind: oneOf(EXPERIMENT_KINDS, params.get('kind')),
});

export const writeExperimentsQuery = (query: ExperimentsQuery) => toSearchParams(query, { status: 'all' });
