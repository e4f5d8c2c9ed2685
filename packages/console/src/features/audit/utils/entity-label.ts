import type { AuditEntry } from '@tabula/protocol';

// The fields by which people recognise an entity, most telling first: projects and keys by name, members by email.
const LABEL_FIELDS = ['name', 'email', 'key'] as const;

const labelIn = (snapshot: unknown): string | undefined => {
  if (typeof snapshot !== 'object' || snapshot === null) return undefined;
  for (const field of LABEL_FIELDS) {
    const value = (snapshot as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
};

/** A readable name for what changed, from the entry's own snapshots (the entity itself may be gone). */
export const entityLabel = (entry: Pick<AuditEntry, 'before' | 'after'>): string | undefined =>
  labelIn(entry.after) ?? labelIn(entry.before);
