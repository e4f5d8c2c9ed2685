import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { clickhouseAnswers, createTestClickHouse, type TestClickHouse } from '../../../test/clickhouse';
import { startFaultProxy } from '../../../test/fault-proxy';
import { sdkProject } from '../../../test/sdk';
import { chString } from '../../db/clickhouse/literal';

const available = await clickhouseAnswers('the ClickHouse event store tests');

describe.runIf(available)('SDK events stored in ClickHouse', () => {
  let store: TestClickHouse;
  let t: TestApp;
  beforeAll(async () => {
    store = await createTestClickHouse();
    t = await createTestApp({ clickhouse: { url: store.url, cluster: null } });
  });
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  const post = (clientKey: string, events: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${clientKey}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events }),
    });
  const stored = (projectId: string) =>
    store.clickhouse.rows<Record<string, string | number>>(
      `SELECT event_id, type, unit_id, experiment, version, name, value, properties, attributes,
        toString(occurred_ms) AS occurred_ms
      FROM ${store.clickhouse.database}.event WHERE project_id = ${chString(projectId)} ORDER BY event_id`,
    );

  it('answers 202 once ClickHouse holds the batch, and nothing of it is in the SQL database', async () => {
    const project = await sdkProject(t.app);
    const at = Date.now() - 1000;
    const events = [
      { id: 'a-exposure-1', type: 'exposure', at, unitId: "visitor-'1'", experiment: 'hero', version: 'big' },
      {
        id: 'b-track-01',
        type: 'track',
        at: at + 1,
        unitId: "visitor-'1'",
        event: 'purchase',
        value: 42.5,
        properties: { plan: 'pro\\' },
      },
      { id: 'c-track-01', type: 'track', at: at + 2, unitId: 'visitor-2', event: 'signup' },
    ];
    const response = await post(project.clientKey, events);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ accepted: 3, duplicates: 0 });

    expect(await stored(project.projectId)).toEqual([
      {
        event_id: 'a-exposure-1',
        type: 'exposure',
        unit_id: "visitor-'1'",
        experiment: 'hero',
        version: 'big',
        name: '',
        value: 0,
        properties: '',
        attributes: '',
        occurred_ms: String(at),
      },
      {
        event_id: 'b-track-01',
        type: 'track',
        unit_id: "visitor-'1'",
        experiment: '',
        version: '',
        name: 'purchase',
        value: 42.5,
        properties: JSON.stringify({ plan: 'pro\\' }),
        attributes: '',
        occurred_ms: String(at + 1),
      },
      expect.objectContaining({ event_id: 'c-track-01', name: 'signup', value: 0, occurred_ms: String(at + 2) }),
    ]);
    const sql = await t.database.db.execute('select count(*)::int as n from event');
    expect((sql as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('stores a batch sent again, and reads count each event once', async () => {
    const project = await sdkProject(t.app);
    const events = Array.from({ length: 5 }, () => ({
      id: randomUUID(),
      type: 'track',
      at: Date.now(),
      unitId: 'visitor',
      event: 'purchase',
      value: 1,
    }));
    expect((await post(project.clientKey, events)).statusCode).toBe(202);
    expect((await post(project.clientKey, events)).statusCode).toBe(202);
    const [counts] = await store.clickhouse.rows<{ rows: number; events: number }>(
      `SELECT toFloat64(count()) AS rows, toFloat64(uniqExact(event_id)) AS events
      FROM ${store.clickhouse.database}.event WHERE project_id = ${chString(project.projectId)}`,
    );
    expect(counts).toEqual({ rows: 10, events: 5 });
  });

  it('migrates once: a second start finds the schema up to date', async () => {
    const { migrateClickHouse } = await import('../../db/clickhouse/schema');
    expect(await migrateClickHouse(store.clickhouse)).toEqual([]);
  });

  it('answers 503 with Retry-After while ClickHouse is unreachable, and stores again when it is back', async () => {
    const proxy = await startFaultProxy(store.url);
    const behind = await createTestApp({ clickhouse: { url: proxy.url, cluster: null } });
    try {
      const project = await sdkProject(behind.app);
      const send = (id: string) =>
        behind.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${project.clientKey}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ events: [{ id, type: 'track', at: Date.now(), unitId: 'u', event: 'buy' }] }),
        });
      expect((await send('before-the-fault')).statusCode).toBe(202);

      proxy.cut();
      proxy.blackHole();
      const refused = await send('during-the-fault');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();

      proxy.heal();
      expect((await send('after-the-fault')).statusCode).toBe(202);
      const ids = (await stored(project.projectId)).map((row) => row.event_id);
      expect(ids).toContain('before-the-fault');
      expect(ids).toContain('after-the-fault');
    } finally {
      await behind.close();
      await proxy.close();
    }
  }, 60_000);
});
