import { type AuditEntry, flagEnvironmentStateSchema } from '@tabula/protocol';
import { readableEnvironment, type Translate } from '../rule-sentences';

// Either part may be missing from a snapshot; other fields (the environment, the flag's key) are not compared.
const environmentSnapshotSchema = flagEnvironmentStateSchema.partial();

/** A flag environment's switch and rules as sentences; a snapshot of another shape (an older server's) as stored. */
function readableEnvironmentSnapshot(snapshot: unknown, t: Translate): unknown {
  const parsed = environmentSnapshotSchema.safeParse(snapshot);
  return parsed.success ? readableEnvironment(parsed.data, t) : snapshot;
}

/**
 * What an entry's diff compares: a flag environment's change as its switch and one sentence per rule (keys, segment
 * keys and percentages, no rule ids or basis points); every other entry as recorded.
 */
export function readableSnapshots(
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
  t: Translate,
): { before: unknown; after: unknown } {
  if (entry.action !== 'flag.environment_updated') return { before: entry.before, after: entry.after };
  return { before: readableEnvironmentSnapshot(entry.before, t), after: readableEnvironmentSnapshot(entry.after, t) };
}
