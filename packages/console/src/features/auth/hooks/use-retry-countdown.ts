import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client';

const TICK_MS = 1000;

/** Seconds left before the server takes another attempt, counting down from a 429's Retry-After; 0 when none. */
export function useRetryCountdown(error: unknown): number {
  const until = useMemo(
    () =>
      isApiError(error) && error.status === 429 && error.retryAfterSeconds !== undefined
        ? Date.now() + error.retryAfterSeconds * 1000
        : null,
    [error],
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);

  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
