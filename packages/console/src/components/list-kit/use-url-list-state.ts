import { useSearchParams } from 'react-router';

/**
 * A list's search, filters, order and page, kept in the address so a view can be shared and survives a reload.
 * Changes replace the history entry: back leaves the list rather than stepping through its filters.
 */
export function useUrlListState<S>(read: (params: URLSearchParams) => S, write: (state: S) => URLSearchParams) {
  const [params, setParams] = useSearchParams();
  return [read(params), (state: S) => setParams(write(state), { replace: true })] as const;
}
