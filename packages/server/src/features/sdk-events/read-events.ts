import { type SdkEvent, sdkEventSchema } from '@tabula/protocol';
import { unstorableText } from '../../lib/unstorable-text';
import type { ClientKeyGrant } from '../api-keys/service';
import type { EventRow } from './types';

/** Deeper property trees are refused before validation walks them: a body of brackets must not exhaust the stack. */
const MAX_DEPTH = 32;
/** JavaScript dates (and so the SDK's clocks) end here; PostgreSQL's timestamps reach further. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

export interface Rejection {
  index: number;
  reason: string;
}

const textProblem = (text: string): string | null => {
  const problem = unstorableText(text);
  return problem && `a text ${problem}`;
};

/**
 * What PostgreSQL would refuse in a value the schema accepts: NUL characters (text and jsonb cannot hold them) and
 * unpaired UTF-16 surrogates (jsonb refuses their escapes). One such event would fail the whole group's INSERT.
 * The depth limit also bounds this function's own recursion.
 */
function unstorable(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return textProblem(value);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = unstorable(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const key in value) {
    const problem = textProblem(key) ?? unstorable((value as Record<string, unknown>)[key], depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** One literal shape for both kinds keeps the row objects, and the column arrays built from them, monomorphic. */
function toRow(event: SdkEvent, grant: ClientKeyGrant): EventRow {
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
    attributes: track?.attributes ?? null,
    occurredAt: event.at,
  };
}

/** Each event stands alone: the good ones become rows, the bad ones are named by index with the reason. */
export function readEvents(events: unknown[], grant: ClientKeyGrant): { rows: EventRow[]; rejected: Rejection[] } {
  const rows: EventRow[] = [];
  const rejected: Rejection[] = [];
  events.forEach((raw, index) => {
    const problem = unstorable(raw);
    if (problem) {
      rejected.push({ index, reason: problem });
      return;
    }
    const parsed = sdkEventSchema.safeParse(raw);
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
    rows.push(toRow(parsed.data, grant));
  });
  return { rows, rejected };
}
