import type { RumContext } from '@tabula/protocol';
import { watchGlobalErrors } from './global-errors';
import { createReportQueue } from './queue';
import { createReporter, type Reporter } from './reporter';
import { createTransport } from './transport';
import { watchVitals } from './vitals';
import { watchFetch } from './watch-fetch';
import { watchXhr } from './watch-xhr';
import { isWatchedUrl } from './watched-hosts';

export interface StartReporterOptions {
  /** The tags of every batch (spec §7), read when the batch leaves. */
  context: () => RumContext;
  /** The API host the environment tag selects. */
  apiHost: string;
}

/** Spec §7: watches the page and sends what it finds to the server's reporting service. */
export function startReporter(
  { context, apiHost }: StartReporterOptions,
  page: Window & typeof globalThis = window,
): Reporter {
  // Reports go out through the fetch as it was before watching, so they are never watched themselves.
  const send = createTransport({ fetch: page.fetch.bind(page), context });
  const reporter = createReporter(createReportQueue({ send }));
  const isWatched = (url: string) => isWatchedUrl(url, { apiHost, origin: page.location.origin });
  watchGlobalErrors(page, reporter);
  watchFetch(page, isWatched, reporter.call);
  watchXhr(page.XMLHttpRequest, isWatched, reporter.call);
  watchVitals(reporter.vital);
  return reporter;
}
