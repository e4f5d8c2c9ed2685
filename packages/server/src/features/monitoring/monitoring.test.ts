import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { fetchPayload, sdkProject } from '../../../test/sdk';

const TOKEN = 'scrape-token-0123456789';

describe('metrics for operators', () => {
  const t = useTestApp({ metricsToken: TOKEN });
  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is off unless a token is set', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers only a scraper with the token', async () => {
    const missing = await scrape();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape('Bearer not-the-token-at-all')).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests by route, payload rebuilds, event groups, streams, the queue and the pools', async () => {
    await t.app.inject({ url: '/api/health' });
    const project = await sdkProject(t.app);
    expect((await fetchPayload(t.app, project.clientKey)).statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${project.clientKey}`,
      payload: {
        events: [{ id: 'e-monitoring-1', type: 'track', event: 'purchase', unitId: 'u1', at: Date.now() }],
      },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toContain('tabula_http_requests_total{method="GET",route="/api/health",status="200"} 1');
    expect(body).toMatch(
      /tabula_http_request_duration_seconds_count\{method="GET",route="\/sdk\/v1\/payload\/:clientKey"\} 1/,
    );
    expect(body).toMatch(/tabula_payload_rebuilds_total\{outcome="built"\} [1-9]/);
    expect(body).toMatch(/tabula_ingest_group_events_count [1-9]/);
    expect(body).toContain('tabula_ingest_queue_events 0');
    expect(body).toContain('tabula_sse_clients{kind="sdk"} 0');
    expect(body).toContain('tabula_sse_clients{kind="ofrep"} 0');
    expect(body).toContain('tabula_process_resident_memory_bytes');
    if (t.database.kind === 'postgres') {
      expect(body).toMatch(/tabula_db_pool_connections\{pool="main",state="total"\} [1-9]/);
    }
  });
});
