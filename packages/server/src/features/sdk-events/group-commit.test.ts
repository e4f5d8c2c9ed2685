import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addFlag, sdkProject } from '../../../test/sdk';
import type { UsageReport } from '../flag-usage/service';
import * as flags from '../flags/service';
import { createEventWriter, type GroupCommitOptions } from './group-commit';
import * as store from './store';
import type { EventRow } from './types';

// Spies around the real writes: the statements still reach the database, and the tests count them.
vi.mock('./store', async (importOriginal) => {
  const original = await importOriginal<typeof import('./store')>();
  return { ...original, insertEvents: vi.fn(original.insertEvents) };
});
vi.mock('../flags/service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../flags/service')>();
  return { ...original, recordFlagUsage: vi.fn(original.recordFlagUsage) };
});

describe('group commit through the route', () => {
  const t = useTestApp();

  it('writes concurrent batches with one INSERT', async () => {
    const project = await sdkProject(t.app);
    const insertEvents = vi.mocked(store.insertEvents);
    insertEvents.mockClear();
    const batches = 20;
    const responses = await Promise.all(
      Array.from({ length: batches }, (_, batch) =>
        t.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${project.clientKey}`,
          payload: {
            events: Array.from({ length: 10 }, (_, index) => ({
              id: `group-${batch}-${index}-${Date.now()}`,
              type: 'track',
              at: Date.now(),
              unitId: `unit-${index}`,
              event: 'view',
            })),
          },
        }),
      ),
    );
    for (const response of responses) expect(response.json()).toEqual({ accepted: 10, duplicates: 0, rejected: [] });
    const rowsPerStatement = insertEvents.mock.calls.map(([, rows]) => rows.length);
    expect(rowsPerStatement.reduce((sum, rows) => sum + rows, 0)).toBe(batches * 10);
    expect(rowsPerStatement.length).toBeLessThanOrEqual(3);
  });

  it('records the usage of concurrent batches with one upsert per group, each flag once', async () => {
    const project = await sdkProject(t.app);
    for (const key of ['a', 'b', 'c']) await addFlag(t.database.db, project.projectId, { key });
    const recordFlagUsage = vi.mocked(flags.recordFlagUsage);
    recordFlagUsage.mockClear();
    const batches = 20;
    const responses = await Promise.all(
      Array.from({ length: batches }, (_, batch) =>
        t.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${project.clientKey}`,
          payload: { flags: batch % 2 ? ['a', 'b'] : ['b', 'c'] },
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode).toBe(202);
    const statements = recordFlagUsage.mock.calls.filter(([, reports]) => reports.length > 0);
    expect(statements.length).toBeLessThanOrEqual(3);
    for (const [, reports] of statements) {
      const keys = reports.map((report) => report.flagKey);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(new Set(statements.flatMap(([, reports]) => reports.map((report) => report.flagKey)))).toEqual(
      new Set(['a', 'b', 'c']),
    );
  });
});

const unavailable = { code: 'unavailable', statusCode: 503 };

const row = (eventId: string, projectId = 'p1'): EventRow => ({
  projectId,
  environmentId: 'e1',
  eventId,
  type: 'track',
  unitId: 'u1',
  experiment: null,
  version: null,
  name: 'view',
  value: null,
  properties: null,
  attributes: null,
  occurredAt: 0,
});

const evaluation = (flagKey: string, environmentId = 'e1', count = 1) => ({
  projectId: 'p1',
  environmentId,
  flagKey,
  variant: '',
  count,
});
const usage = (...evaluations: ReturnType<typeof evaluation>[]): UsageReport => ({ evaluations, instances: [] });

/** An insert whose statements the test completes one by one, over an in-memory table of stored keys. */
function controlledInsert() {
  const stored = new Set<string>();
  const statements: { rows: EventRow[]; usage: UsageReport; finish(error?: Error): void }[] = [];
  const insert: GroupCommitOptions['insert'] = (rows, reports) =>
    new Promise((resolve, reject) => {
      statements.push({
        rows,
        usage: reports,
        finish(error) {
          if (error) return reject(error);
          const inserted = new Set<string>();
          for (const { projectId, eventId } of rows) {
            const key = store.eventKey(projectId, eventId);
            if (!stored.has(key)) inserted.add(key);
            stored.add(key);
          }
          resolve({ has: (row) => inserted.has(store.eventKey(row.projectId, row.eventId)) });
        },
      });
    });
  return { insert, statements };
}

describe('group commit', () => {
  const writer = (insert: GroupCommitOptions['insert'], options: Partial<GroupCommitOptions> = {}) =>
    createEventWriter({
      insert,
      maxQueuedEvents: 100,
      maxConcurrentInserts: 1,
      maxRowsPerInsert: 50,
      uniqueWithin: 'group',
      windowMs: 1,
      insertTimeoutMs: 10_000,
      log: { error() {} } as unknown as GroupCommitOptions['log'],
      ...options,
    });

  it('joins the batches that arrive while a statement is in flight, never splitting one', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert, { maxRowsPerInsert: 5 });
    const first = events.write([row('a')]);
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    const waiting = [
      events.write([row('b'), row('c')]),
      events.write([row('d'), row('e'), row('a')]),
      events.write([row('f'), row('g')]),
    ];
    statements[0]!.finish();
    expect(await first).toEqual({ accepted: 1, duplicates: 0 });
    // Five rows fit the next statement; the third batch would overflow it and waits for the one after.
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    expect(statements[1]!.rows.map((r) => r.eventId)).toEqual(['b', 'c', 'd', 'e', 'a']);
    statements[1]!.finish();
    await vi.waitFor(() => expect(statements).toHaveLength(3));
    statements[2]!.finish();
    expect(await Promise.all(waiting)).toEqual([
      { accepted: 2, duplicates: 0 },
      { accepted: 3, duplicates: 1 },
      { accepted: 2, duplicates: 0 },
    ]);
  });

  it('writes an event that comes twice in one group once', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert);
    const results = [events.write([row('x')]), events.write([row('x'), row('y')])];
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    expect(statements[0]!.rows.map((r) => r.eventId)).toEqual(['x', 'y']);
    statements[0]!.finish();
    expect(await Promise.all(results)).toEqual([
      { accepted: 1, duplicates: 0 },
      { accepted: 2, duplicates: 1 },
    ]);
  });

  it('writes an event once per batch where the store counts copies once, and counts only repeats in a batch', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert, { uniqueWithin: 'batch' });
    const results = [events.write([row('x')]), events.write([row('x'), row('y'), row('y')])];
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    expect(statements[0]!.rows.map((r) => r.eventId)).toEqual(['x', 'x', 'y']);
    statements[0]!.finish();
    expect(await Promise.all(results)).toEqual([
      { accepted: 1, duplicates: 0 },
      { accepted: 3, duplicates: 1 },
    ]);
  });

  it('writes a group’s usage with its rows, each (environment, flag, variant) once with counts summed', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert);
    const results = [
      events.write([row('x')], usage(evaluation('a'), evaluation('b'))),
      events.write([], usage(evaluation('b'), evaluation('a', 'e2'))),
    ];
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    expect(statements[0]!.rows.map((r) => r.eventId)).toEqual(['x']);
    expect(statements[0]!.usage).toEqual(usage(evaluation('a'), evaluation('b', 'e1', 2), evaluation('a', 'e2')));
    statements[0]!.finish();
    expect(await Promise.all(results)).toEqual([
      { accepted: 1, duplicates: 0 },
      { accepted: 0, duplicates: 0 },
    ]);
  });

  it('counts usage against its queue, so batches of usage alone cannot pile up', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert, { maxQueuedEvents: 3 });
    const first = events.write([row('a')], usage(evaluation('a'), evaluation('b')));
    await expect(events.write([], usage(evaluation('c')))).rejects.toMatchObject(unavailable);
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    statements[0]!.finish();
    await first;
  });

  it('refuses batches beyond its queue, and every batch of a failed statement', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert, { maxQueuedEvents: 3 });
    const first = events.write([row('a'), row('b')]);
    await expect(events.write([row('c'), row('d')])).rejects.toMatchObject(unavailable);
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    statements[0]!.finish(new Error('connection lost'));
    await expect(first).rejects.toMatchObject(unavailable);
    // The queue is free again, and the next statement is tried afresh.
    const retry = events.write([row('a'), row('b')]);
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    statements[1]!.finish();
    expect(await retry).toEqual({ accepted: 2, duplicates: 0 });
  });

  it('refuses a group the database does not commit in time, frees its slot, and says ingest is down', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert, { insertTimeoutMs: 50 });
    expect(events.state()).toBe('up');
    const hung = events.write([row('a')]);
    await expect(hung).rejects.toMatchObject(unavailable);
    expect(events.state()).toBe('down');
    // The hung statement never finishes, yet the next group gets the only slot and goes through.
    const next = events.write([row('b')]);
    await vi.waitFor(() => expect(statements).toHaveLength(2));
    statements[1]!.finish();
    expect(await next).toEqual({ accepted: 1, duplicates: 0 });
    expect(events.state()).toBe('up');
  });

  it('says ingest is down while a group waits for the database longer than it should', async () => {
    vi.useFakeTimers();
    try {
      const { insert, statements } = controlledInsert();
      const events = writer(insert, { insertTimeoutMs: 60_000 });
      const pending = events.write([row('a')]);
      await vi.advanceTimersByTimeAsync(10);
      expect(statements).toHaveLength(1);
      expect(events.state()).toBe('up');
      await vi.advanceTimersByTimeAsync(6_000);
      expect(events.state()).toBe('down');
      statements[0]!.finish();
      await pending;
      expect(events.state()).toBe('up');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores what it was given before it closes, then refuses', async () => {
    const { insert, statements } = controlledInsert();
    const events = writer(insert, { windowMs: 1000 });
    const pending = events.write([row('a')]);
    const closed = events.close();
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    statements[0]!.finish();
    await closed;
    expect(await pending).toEqual({ accepted: 1, duplicates: 0 });
    await expect(events.write([row('b')])).rejects.toMatchObject(unavailable);
  });
});
