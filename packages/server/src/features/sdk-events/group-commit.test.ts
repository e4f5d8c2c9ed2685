import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app';
import { sdkProject } from '../../../test/sdk';
import { createEventWriter, type GroupCommitOptions } from './group-commit';
import * as store from './store';
import type { EventRow } from './types';

// A spy around the real insert: the statements still reach the database, and the test counts them.
vi.mock('./store', async (importOriginal) => {
  const original = await importOriginal<typeof import('./store')>();
  return { ...original, insertEvents: vi.fn(original.insertEvents) };
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

/** An insert whose statements the test completes one by one, over an in-memory table of stored keys. */
function controlledInsert() {
  const stored = new Set<string>();
  const statements: { rows: EventRow[]; finish(error?: Error): void }[] = [];
  const insert: GroupCommitOptions['insert'] = (rows) =>
    new Promise((resolve, reject) => {
      statements.push({
        rows,
        finish(error) {
          if (error) return reject(error);
          const inserted = new Set<string>();
          for (const { projectId, eventId } of rows) {
            const key = store.eventKey(projectId, eventId);
            if (!stored.has(key)) inserted.add(key);
            stored.add(key);
          }
          resolve(inserted);
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
      windowMs: 1,
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
