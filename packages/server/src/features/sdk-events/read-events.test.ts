import { sdkEventSchema } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import type { ClientKeyGrant } from '../api-keys/service';
import { readEvents } from './read-events';

const grant = { projectId: 'prj_read', environmentId: 'env_read' } as ClientKeyGrant;
const exposure = {
  id: 'evt-00001',
  type: 'exposure',
  at: 1_700_000_000_000,
  unitId: 'u1',
  experiment: 'hero',
  version: 'b',
};

/** Exposures at every edge the schema draws, well formed or not, and a track event and a non-object among them. */
const events: unknown[] = [
  exposure,
  { ...exposure, extra: 'dropped' },
  { ...exposure, dimensions: { browser: 'Chrome', country: 'DE' }, attributes: { plan: 'pro', seats: 3, beta: null } },
  { ...exposure, version: undefined },
  { ...exposure, version: 'v'.repeat(101) },
  { ...exposure, id: 'short' },
  { ...exposure, at: -1 },
  { ...exposure, at: 1.5 },
  { ...exposure, unitId: '' },
  { ...exposure, dimensions: { country: 'Germany' } },
  { ...exposure, dimensions: { browser: 'Chrome', color: 'red' } },
  { ...exposure, attributes: { plan: { nested: true } } },
  { ...exposure, attributes: { long: 'x'.repeat(2001) } },
  { ...exposure, experiment: 42 },
  { id: 'evt-00002', type: 'track', at: 1, unitId: 'u1', event: 'buy', value: 2, properties: { deep: [{ a: 1 }] } },
  {
    id: 'evt-00004',
    type: 'track',
    at: 1,
    unitId: 'u1',
    event: 'buy',
    properties: { sku: 'A', n: 2, ok: true, no: null },
  },
  { id: 'evt-00005', type: 'track', at: 1, unitId: 'u1', event: 'buy', properties: { ['k'.repeat(201)]: 1 } },
  { id: 'evt-00006', type: 'track', at: 1, unitId: 'u1', event: 'buy', properties: { x: Number.POSITIVE_INFINITY } },
  { id: 'evt-00007', type: 'track', at: 1, unitId: 'u1', event: 'buy', properties: { x: { y: undefined } } },
  { id: 'evt-00008', type: 'track', at: 1, unitId: 'u1', event: 'buy', properties: [1, 2] },
  { id: 'evt-00009', type: 'track', at: 1, unitId: 'u1', event: '', value: Number.NaN },
  { id: 'evt-00010', type: 'track', at: 1, unitId: 'u1', event: 'buy', attributes: { plan: 'pro' }, extra: 1 },
  { id: 'evt-00003', type: 'pageview', at: 1, unitId: 'u1' },
  'not an event',
  null,
];

describe('readEvents', () => {
  it('keeps and refuses exactly what the event schema does, with its reasons, exposures included', () => {
    const { rows, rejected } = readEvents(events, grant);
    const expected = events.map((event) => sdkEventSchema.safeParse(event));
    expect(rows.map((row) => row.eventId)).toEqual(
      expected.flatMap((result) => (result.success ? [result.data.id] : [])),
    );
    const tracks = expected.flatMap((result) => (result.success && result.data.type === 'track' ? [result.data] : []));
    expect(
      rows.filter((row) => row.type === 'track').map(({ properties, attributes }) => ({ properties, attributes })),
    ).toEqual(
      tracks.map(({ properties, attributes }) => ({ properties: properties ?? null, attributes: attributes ?? null })),
    );
    expect(rejected).toEqual(
      expected.flatMap((result, index) => {
        if (result.success) return [];
        const issue = result.error.issues[0]!;
        const path = issue.path.join('.');
        return [{ index, reason: path ? `${path}: ${issue.message}` : issue.message }];
      }),
    );
    expect(rejected.length).toBeGreaterThan(10);
  });

  it('stores an exposure with what the schema gives: no unknown fields, dimensions and kept attributes merged', () => {
    const { rows } = readEvents(events.slice(0, 3), grant, { os: 'macOS' });
    expect(rows[0]).toMatchObject({ experiment: 'hero', version: 'b', name: null, attributes: { os: 'macOS' } });
    expect(JSON.stringify(rows[1])).not.toContain('dropped');
    expect(rows[2]!.attributes).toEqual({
      os: 'macOS',
      browser: 'Chrome',
      country: 'DE',
      'attribute:plan': 'pro',
      'attribute:seats': '3',
    });
  });

  it('gives an exposure with nothing of its own the request’s dimensions, or none', () => {
    expect(readEvents([exposure], grant).rows[0]!.attributes).toBeNull();
    expect(readEvents([exposure, exposure], grant, { browser: 'Firefox' }).rows.map((row) => row.attributes)).toEqual([
      { browser: 'Firefox' },
      { browser: 'Firefox' },
    ]);
  });
});
