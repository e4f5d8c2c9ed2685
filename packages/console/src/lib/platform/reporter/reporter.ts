import {
  apiCallReportSchema,
  errorReportSchema,
  RUM_MESSAGE_MAX_CHARS,
  RUM_STACK_MAX_CHARS,
  rateVital,
  type VitalName,
  vitalReportSchema,
} from '@tabula/protocol';
import { callPath, toApiCallReport, type WatchedCall } from './api-call';
import { isIgnoredError } from './ignore-list';
import type { ReportQueue } from './queue';
import { judgeCall } from './verdict';

export type ErrorKind = 'error' | 'rejection' | 'config';

/** What the console's watchers hand over; every method swallows its own failures (spec §7: never break the page). */
export interface Reporter {
  error(kind: ErrorKind, message: string, stack?: string | null): void;
  call(call: WatchedCall): void;
  vital(name: VitalName, value: number): void;
  /** The route pattern later reports come from. */
  setPage(page: string): void;
}

const safely =
  <A extends unknown[]>(run: (...args: A) => void) =>
  (...args: A): void => {
    try {
      run(...args);
    } catch {
      // A reporter that throws would turn one problem into two.
    }
  };

/** Spec §7/§8 rules between the watchers and the queue: what is reported, trimmed to what the server takes. */
export function createReporter(queue: ReportQueue): Reporter {
  let page = '/';
  return {
    error: safely((kind: ErrorKind, message: string, stack?: string | null) => {
      if (isIgnoredError(message)) return;
      const report = {
        kind,
        message: message.trim().slice(0, RUM_MESSAGE_MAX_CHARS) || kind,
        stack: stack ? stack.slice(0, RUM_STACK_MAX_CHARS) : null,
        page,
      };
      if (errorReportSchema.safeParse(report).success) queue.add('collect', report, `${kind}|${report.message}`);
    }),
    call: safely((call: WatchedCall) => {
      if (judgeCall({ path: callPath(call.url), status: call.status, body: call.body }) !== 'error') return;
      const report = toApiCallReport(call, page);
      if (apiCallReportSchema.safeParse(report).success) {
        queue.add('whitelist', report, `${report.method} ${report.url} ${report.status}`);
      }
    }),
    vital: safely((name: VitalName, value: number) => {
      const report = { name, value, rating: rateVital(name, value), page };
      if (vitalReportSchema.safeParse(report).success) queue.add('speed', report);
    }),
    setPage: (next) => {
      page = next;
    },
  };
}
