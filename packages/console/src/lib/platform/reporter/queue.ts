import { RUM_MAX_REPORTS_PER_BATCH } from '@tabula/protocol';

/** Spec §7: the reporting service's three calls. */
export type RumEndpoint = 'collect' | 'whitelist' | 'speed';
export type SendBatch = (endpoint: RumEndpoint, reports: unknown[]) => Promise<void>;

/** Spec §9: reports leave in batches every second, and one error is sent at most 60 times. */
export const BATCH_INTERVAL_MS = 1000;
export const MAX_REPEATS = 60;

export interface ReportQueue {
  /** Reports with the same fingerprint count as one error repeated. */
  add(endpoint: RumEndpoint, report: unknown, fingerprint?: string): void;
}

export interface QueueOptions {
  send: SendBatch;
  setTimer?: (run: () => void, ms: number) => unknown;
}

export function createReportQueue({ send, setTimer = setTimeout }: QueueOptions): ReportQueue {
  const pending: Record<RumEndpoint, unknown[]> = { collect: [], whitelist: [], speed: [] };
  const repeats = new Map<string, number>();
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimer(() => void flush(), BATCH_INTERVAL_MS);
  };

  async function flush(): Promise<void> {
    scheduled = false;
    const batches = (Object.keys(pending) as RumEndpoint[])
      .filter((endpoint) => pending[endpoint].length > 0)
      .map((endpoint) => send(endpoint, pending[endpoint].splice(0, RUM_MAX_REPORTS_PER_BATCH)));
    // A busier second than one batch holds leaves the rest for the next tick.
    if (Object.values(pending).some((reports) => reports.length > 0)) schedule();
    await Promise.all(batches);
  }

  return {
    add(endpoint, report, fingerprint) {
      if (fingerprint !== undefined) {
        const seen = repeats.get(fingerprint) ?? 0;
        if (seen >= MAX_REPEATS) return;
        repeats.set(fingerprint, seen + 1);
      }
      pending[endpoint].push(report);
      schedule();
    },
  };
}
