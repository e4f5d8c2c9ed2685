import type { ResultsQuery } from '@tabula/protocol';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const DEFAULTS: ResultsQuery = { cuped: true, sequential: false, relative: true };
const OPTIONS = Object.keys(DEFAULTS) as (keyof ResultsQuery)[];

/** How the results are read, kept in the address so a shared link shows the same reading; defaults stay out of it. */
export function useResultsOptions(): [ResultsQuery, (change: Partial<ResultsQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const options = useMemo(() => {
    const read = (name: keyof ResultsQuery) => {
      const value = params.get(name);
      return value === 'true' ? true : value === 'false' ? false : DEFAULTS[name];
    };
    return { cuped: read('cuped'), sequential: read('sequential'), relative: read('relative') };
  }, [params]);
  const change = useCallback(
    (next: Partial<ResultsQuery>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const name of OPTIONS) {
            const value = next[name];
            if (value === undefined) continue;
            if (value === DEFAULTS[name]) updated.delete(name);
            else updated.set(name, String(value));
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [options, change];
}
