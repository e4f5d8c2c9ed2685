import { exposureEventSchema, type SdkEvent, sdkEventSchema, trackEventSchema } from '@tabula/protocol';
import { z } from 'zod';
import { findUnstorable } from '../../lib/unstorable-text';
import type { ClientKeyGrant } from '../api-keys/service';
import { exposureDimensions, type RequestDimensions } from './dimensions/exposure-dimensions';
import type { EventRow } from './types';

/** Deeper property trees are refused before validation walks them: a body of brackets must not exhaust the stack. */
const MAX_DEPTH = 32;
/** JavaScript dates (and so the SDK's clocks) end here; PostgreSQL's timestamps reach further. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

export interface Rejection {
  index: number;
  reason: string;
}

/**
 * What PostgreSQL would refuse in a value the schema accepts (NUL, unpaired surrogates, absurd nesting): one such
 * event would fail the whole group's INSERT.
 */
function unstorable(value: unknown): string | null {
  const found = findUnstorable(value, MAX_DEPTH);
  if (!found) return null;
  return found.at === 'depth' ? `nested deeper than ${MAX_DEPTH} levels` : `a text ${found.problem}`;
}

/** JSON's scalars: the values of most track events' properties. */
const jsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * Compiled schemas (zod generates their parsers) read most events in a fifth of the time: exposures, and track events
 * whose properties are flat, each schema accepting nothing the union refuses and giving what it gives. The union reads
 * the rest (properties nested at any depth, which zod does not compile) and words every refusal, so a refused event
 * gets the same reason either way.
 */
const compiled: Record<SdkEvent['type'], z.ZodType<SdkEvent>> = {
  exposure: z.compile(exposureEventSchema),
  track: z.compile(
    trackEventSchema.extend({
      properties: z.record(trackEventSchema.shape.properties.unwrap().keyType, jsonScalar).optional(),
    }),
  ),
};

function parseEvent(raw: unknown): z.ZodSafeParseResult<SdkEvent> {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (type === 'exposure' || type === 'track') {
    const event = compiled[type].safeParse(raw);
    if (event.success) return event;
  }
  return sdkEventSchema.safeParse(raw);
}

/** One literal shape for both kinds keeps the row objects, and the column arrays built from them, monomorphic. */
function toRow(event: SdkEvent, grant: ClientKeyGrant, request: RequestDimensions): EventRow {
  const track = event.type === 'track' ? event : null;
  const exposure = event.type === 'exposure' ? event : null;
  return {
    projectId: grant.projectId,
    environmentId: grant.environmentId,
    eventId: event.id,
    type: event.type,
    unitId: event.unitId,
    experiment: exposure ? exposure.experiment : null,
    version: exposure ? exposure.version : null,
    name: track ? track.event : null,
    value: track?.value ?? null,
    properties: track?.properties ?? null,
    // An exposure's attributes are its unit's dimensions at that moment, what breakdowns split results by.
    attributes: exposure
      ? exposureDimensions(exposure.dimensions, request, exposure.attributes)
      : (track?.attributes ?? null),
    occurredAt: event.at,
  };
}

/**
 * Each event stands alone: the good ones become rows, the bad ones are named by index with the reason. `request` is
 * what the request told of the visitor, for the exposures' dimensions.
 */
export function readEvents(
  events: unknown[],
  grant: ClientKeyGrant,
  request: RequestDimensions = {},
): { rows: EventRow[]; rejected: Rejection[] } {
  const rows: EventRow[] = [];
  const rejected: Rejection[] = [];
  events.forEach((raw, index) => {
    const problem = unstorable(raw);
    if (problem) {
      rejected.push({ index, reason: problem });
      return;
    }
    const parsed = parseEvent(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.join('.');
      rejected.push({ index, reason: path ? `${path}: ${issue.message}` : issue.message });
      return;
    }
    if (parsed.data.at > MAX_EPOCH_MS) {
      rejected.push({ index, reason: 'at: not a time (epoch milliseconds)' });
      return;
    }
    rows.push(toRow(parsed.data, grant, request));
  });
  return { rows, rejected };
}
