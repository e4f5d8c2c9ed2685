import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: SDK answers take a millisecond, console pages tens, a refresh of results minutes. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REFRESH_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
const GROUP_BUCKETS = [1, 10, 50, 100, 500, 1000, 2500, 5000, 10_000];

/** A number read when Prometheus scrapes: what a part of the server holds now. */
type Reading = () => number;

/**
 * What operators watch, in Prometheus' format. One registry per server (tests build many in one process); parts of
 * the server report what happens to them (`observe…`) and lend a reading of what they hold (`watch…`).
 */
export function createMonitoring() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'tabula_' });

  const requests = new Counter({
    name: 'tabula_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'tabula_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const requestSeries = new Map<
    string,
    { seconds: ReturnType<typeof requestSeconds.labels>; byStatus: Map<number, ReturnType<typeof requests.labels>> }
  >();
  const ingestGroups = new Histogram({
    name: 'tabula_ingest_group_events',
    help: 'SDK events (and usage rows) written together by one group commit',
    buckets: GROUP_BUCKETS,
    registers,
  });
  const payloadRebuilds = new Counter({
    name: 'tabula_payload_rebuilds_total',
    help: 'SDK payloads built from the database, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const payloadRebuildSeconds = new Histogram({
    name: 'tabula_payload_rebuild_duration_seconds',
    help: 'Time to build one environment’s SDK payload',
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const refreshSeconds = new Histogram({
    name: 'tabula_results_refresh_duration_seconds',
    help: 'Time to refresh one experiment’s results, by outcome',
    labelNames: ['outcome'] as const,
    buckets: REFRESH_BUCKETS,
    registers,
  });

  type Labels = Record<string, string>;
  const gauges = new Map<string, Map<string, { labels: Labels; read: Reading }>>();
  /** A gauge read at each scrape from the parts that lend it a reading, one set of labels per part. */
  const watch = (name: string, help: string, labels: Labels, read: Reading) => {
    let sources = gauges.get(name);
    if (!sources) {
      const readings = new Map<string, { labels: Labels; read: Reading }>();
      sources = readings;
      gauges.set(name, readings);
      new Gauge({
        name,
        help,
        labelNames: Object.keys(labels),
        registers,
        collect() {
          this.reset();
          for (const source of readings.values()) this.set(source.labels, source.read());
        },
      });
    }
    sources.set(JSON.stringify(labels), { labels, read });
  };

  return {
    /** What a scrape answers: the content type and the text. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeRequest(method: string, route: string, status: number, seconds: number) {
      // The hottest path of the server: each route's series is looked up once, not hashed from its labels each time.
      const key = `${method} ${route}`;
      let series = requestSeries.get(key);
      if (!series) {
        series = { seconds: requestSeconds.labels(method, route), byStatus: new Map() };
        requestSeries.set(key, series);
      }
      let counter = series.byStatus.get(status);
      if (!counter) {
        counter = requests.labels(method, route, String(status));
        series.byStatus.set(status, counter);
      }
      counter.inc();
      series.seconds.observe(seconds);
    },
    observeIngestGroup(events: number) {
      ingestGroups.observe(events);
    },
    observePayloadRebuild(seconds: number, succeeded: boolean) {
      payloadRebuilds.inc({ outcome: succeeded ? 'built' : 'failed' });
      if (succeeded) payloadRebuildSeconds.observe(seconds);
    },
    observeRefresh(seconds: number, succeeded: boolean) {
      refreshSeconds.observe({ outcome: succeeded ? 'succeeded' : 'failed' }, seconds);
    },
    /** Events accepted and waiting for their group to commit. */
    watchIngestQueue(read: Reading) {
      watch('tabula_ingest_queue_events', 'SDK events accepted and waiting to be written', {}, read);
    },
    /** Open server-sent event streams, by kind (`sdk`, `ofrep`). */
    watchStreams(kind: string, read: Reading) {
      watch('tabula_sse_clients', 'Open server-sent event streams', { kind }, read);
    },
    /** Connections of a database pool, by state (`total`, `idle`, `waiting`: requests waiting for one). */
    watchPool(pool: string, use: () => { total: number; idle: number; waiting: number }) {
      for (const state of ['total', 'idle', 'waiting'] as const) {
        watch('tabula_db_pool_connections', 'Connections of the database pools', { pool, state }, () => use()[state]);
      }
    },
  };
}

export type Monitoring = ReturnType<typeof createMonitoring>;
