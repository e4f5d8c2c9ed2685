import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseAnswers, createTestClickHouse } from '../../../test/clickhouse';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { chString } from '../../db/clickhouse/literal';
import { event as eventTable } from '../../db/schema';
import { CLICKHOUSE_TEXT, COPY_TEXT, EVENT_CLICKHOUSE_COLUMNS, EVENT_COPY_COLUMNS, eventsText } from './event-text';
import { insertEventsIntoClickHouse } from './store-clickhouse';
import type { EventRow } from './types';

const eventsCopyText = (rows: EventRow[]) => eventsText(rows, COPY_TEXT).toString();

const row = (overrides: Partial<EventRow> = {}): EventRow => ({
  projectId: 'prj_copy',
  environmentId: 'env_1',
  eventId: 'evt-1',
  type: 'track',
  unitId: 'visitor-1',
  experiment: null,
  version: null,
  name: 'purchase',
  value: 42.5,
  properties: { sku: 'A1' },
  attributes: null,
  occurredAt: Date.UTC(2026, 10, 22, 12, 30, 15, 250),
  ...overrides,
});

/** Values whose characters mean something to COPY, or that sit at the ends of what the columns take. */
const awkward: EventRow[] = [
  row({
    eventId: 'tabs',
    unitId: 'a\tb\nc\r\\d',
    name: '\\N',
    properties: { quote: 'a"b', path: 'C:\\x', nl: 'x\ny' },
  }),
  row({ eventId: 'null-text', name: 'N', value: null, properties: null, attributes: { note: '\\N' } }),
  row({ eventId: 'large', value: 1e21, occurredAt: 0 }),
  row({ eventId: 'small', value: -0.000001, occurredAt: Date.UTC(10000, 0, 1) }),
  row({ eventId: 'last', value: 0, occurredAt: 8_640_000_000_000_000 }),
  row({ eventId: 'tiny', value: 1e-7, unitId: 'ends with a backslash \\' }),
  row({ eventId: 'exposure', type: 'exposure', experiment: 'hero', version: 'big', name: null, value: null }),
  row({ eventId: 'unicode', unitId: '访客-🙂', properties: { 名前: 'テスト' } }),
];

describe('events as COPY text', () => {
  it('writes a line per row with every column, and \\N for null', () => {
    const line = eventsCopyText([row({ experiment: null, attributes: null })]);
    expect(line.endsWith('\n')).toBe(true);
    const fields = line.slice(0, -1).split('\t');
    expect(fields).toHaveLength(EVENT_COPY_COLUMNS.split(', ').length);
    expect(fields).toEqual([
      'prj_copy',
      'env_1',
      'evt-1',
      'track',
      'visitor-1',
      '\\N',
      '\\N',
      'purchase',
      '42.5',
      '{"sku":"A1"}',
      '\\N',
      '2026-11-22T12:30:15.250Z',
    ]);
  });

  it('escapes the characters that separate fields and lines, and backslashes, so a text "\\N" is not null', () => {
    const [line] = eventsCopyText([awkward[0]!]).split('\n');
    const fields = line!.split('\t');
    expect(fields[4]).toBe('a\\tb\\nc\\r\\\\d');
    expect(fields[7]).toBe('\\\\N');
    expect(fields[9]).toBe('{"quote":"a\\\\"b","path":"C:\\\\\\\\x","nl":"x\\\\ny"}');
  });

  it('writes each time as toISOString does, to the millisecond, across days', () => {
    const times = [0, 1, 999, 59_999, 86_399_999, 86_400_000, Date.UTC(2026, 10, 22, 23, 59, 59, 7), 1_700_000_000_123];
    for (let index = 0; index < 200; index++) times.push(Math.floor(Math.random() * 253_402_300_799_999));
    const lines = eventsCopyText(times.map((occurredAt) => row({ occurredAt }))).split('\n');
    expect(lines.slice(0, -1).map((line) => line.split('\t').at(-1))).toEqual(
      times.map((time) => new Date(time).toISOString()),
    );
  });

  it('writes a group of many rows, encoded in pieces, as the same UTF-8 its rows give one by one', () => {
    const rows = Array.from({ length: 3000 }, (_, index) =>
      row({ eventId: `evt-${index}`, unitId: `访客-🙂-${index}`, properties: { 名前: 'テスト'.repeat(index % 7) } }),
    );
    const whole = eventsText(rows, COPY_TEXT);
    expect(whole.length).toBeGreaterThan(100_000);
    expect(whole.equals(Buffer.concat(rows.map((one) => eventsText([one], COPY_TEXT))))).toBe(true);
    expect(whole.toString().split('\n')).toHaveLength(rows.length + 1);
  });

  it('writes years past 9999 without the sign JavaScript puts before them', () => {
    const fields = eventsCopyText([row({ occurredAt: Date.UTC(10000, 0, 1) })]).split('\t');
    expect(fields.at(-1)).toBe('010000-01-01T00:00:00.000Z\n');
  });
});

describe('events as COPY text, read by the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('stores every value exactly as the row held it', async () => {
    const { handle } = database;
    const data = eventsText(awkward, COPY_TEXT);
    if (handle.kind === 'postgres') {
      await handle.copyFrom(`copy event (${EVENT_COPY_COLUMNS}) from stdin`, data);
    } else {
      // PGlite reads COPY's text through its blob device, with the same parser.
      await handle.client.query(`copy event (${EVENT_COPY_COLUMNS}) from '/dev/blob'`, [], {
        blob: new Blob([new Uint8Array(data)]),
      });
    }
    const stored = await handle.db.select().from(eventTable).where(eq(eventTable.projectId, 'prj_copy'));
    expect(stored).toHaveLength(awkward.length);
    for (const expected of awkward) {
      const actual = stored.find((candidate) => candidate.eventId === expected.eventId)!;
      const { occurredAt, ...rest } = expected;
      expect(actual).toMatchObject(rest);
      expect(actual.occurredAt.getTime()).toBe(occurredAt);
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'refuses a second copy of a stored event with the unique key, storing none of it',
    async () => {
      const { handle } = database;
      if (handle.kind !== 'postgres') throw new Error('this test needs PostgreSQL');
      const again = eventsText([row({ eventId: 'fresh' }), awkward[0]!], COPY_TEXT);
      await expect(handle.copyFrom(`copy event (${EVENT_COPY_COLUMNS}) from stdin`, again)).rejects.toMatchObject({
        code: '23505',
      });
      const fresh = await handle.db.select().from(eventTable).where(eq(eventTable.eventId, 'fresh'));
      expect(fresh).toHaveLength(0);
      // The connection it used is still good.
      await handle.copyFrom(
        `copy event (${EVENT_COPY_COLUMNS}) from stdin`,
        eventsText([row({ eventId: 'fresh' })], COPY_TEXT),
      );
    },
  );
});

describe('events as ClickHouse TabSeparated', () => {
  it('writes the same escapes, an empty text or 0 for what is absent, and times in epoch milliseconds', () => {
    const [line] = eventsText([awkward[1]!], CLICKHOUSE_TEXT).toString().split('\n');
    const fields = line!.split('\t');
    expect(fields).toHaveLength(EVENT_CLICKHOUSE_COLUMNS.length);
    expect(fields.slice(5)).toEqual(['', '', 'N', '0', '', '{"note":"\\\\\\\\N"}', String(awkward[1]!.occurredAt)]);
    expect(eventsText([awkward[0]!], CLICKHOUSE_TEXT).toString().split('\t')[4]).toBe('a\\tb\\nc\\r\\\\d');
  });
});

const clickhouseAvailable = await clickhouseAnswers('the ClickHouse event text test');

describe.runIf(clickhouseAvailable)('events as TabSeparated, read by ClickHouse', () => {
  it('stores every value as the row held it, and what is absent as an empty text or 0', async () => {
    const store = await createTestClickHouse();
    try {
      await insertEventsIntoClickHouse(store.clickhouse, awkward);
      const stored = await store.clickhouse.rows<Record<string, string | number>>(
        `SELECT event_id, type, unit_id, experiment, version, name, value, properties, attributes,
          toString(occurred_ms) AS occurred_ms
        FROM ${store.clickhouse.database}.event WHERE project_id = ${chString('prj_copy')}`,
      );
      expect(stored).toHaveLength(awkward.length);
      for (const expected of awkward) {
        expect(stored.find((candidate) => candidate.event_id === expected.eventId)).toEqual({
          event_id: expected.eventId,
          type: expected.type,
          unit_id: expected.unitId,
          experiment: expected.experiment ?? '',
          version: expected.version ?? '',
          name: expected.name ?? '',
          value: expected.value ?? 0,
          properties: expected.properties ? JSON.stringify(expected.properties) : '',
          attributes: expected.attributes ? JSON.stringify(expected.attributes) : '',
          occurred_ms: String(expected.occurredAt),
        });
      }
    } finally {
      await store.drop();
    }
  });
});
